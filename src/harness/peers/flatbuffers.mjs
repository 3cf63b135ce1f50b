// flatbuffers (JS runtime) for proto/tuple.fbs. Debian's flatc 2.0.8
// generates TypeScript only (--ts), which neither Node 20 nor the page can
// load without a compile step, so the classes it would generate are written
// by hand below with the same runtime calls: the accessors Item/Items, and
// the "object API" classes ItemT/ItemsT (flatc --gen-object-api).
//
// decode must read every field (docs/design.md#codecs: a zero-copy "decode" that reads
// nothing is not a decode), and the object API's unpack() is flatbuffers'
// own way to do that: it returns ItemT instances, not plain objects, which
// the cleanliness table reports. The JS runtime has no buffer verifier (the
// C++ decoder verifies).

import * as flatbuffers from 'flatbuffers';

import { isInt32Value } from './message-support.mjs';
import { itemsPath, plainItems } from './value-paths.mjs';

// The start of every accessor class flatc generates: the buffer and the table's position in it.
class Table {
  constructor() {
    this.bb = null;
    this.bb_pos = 0;
  }

  __init(position, bb) {
    this.bb_pos = position;
    this.bb = bb;
    return this;
  }
}

/** table Item { x:int; y:double; z:double; } — field slots 0, 1, 2 (vtable offsets 4, 6, 8). */
export class Item extends Table {
  x() {
    const offset = this.bb.__offset(this.bb_pos, 4);
    return offset ? this.bb.readInt32(this.bb_pos + offset) : 0;
  }

  y() {
    const offset = this.bb.__offset(this.bb_pos, 6);
    return offset ? this.bb.readFloat64(this.bb_pos + offset) : 0;
  }

  z() {
    const offset = this.bb.__offset(this.bb_pos, 8);
    return offset ? this.bb.readFloat64(this.bb_pos + offset) : 0;
  }

  static createItem(builder, x, y, z) {
    builder.startObject(3);
    builder.addFieldInt32(0, x, 0);
    builder.addFieldFloat64(1, y, 0);
    builder.addFieldFloat64(2, z, 0);
    return builder.endObject();
  }

  unpack() {
    return new ItemT(this.x(), this.y(), this.z());
  }
}

/** The object API's Item. */
export class ItemT {
  constructor(x = 0, y = 0, z = 0) {
    this.x = x;
    this.y = y;
    this.z = z;
  }
}

/** table Items { items:[Item]; } root_type Items. */
export class Items extends Table {
  static getRootAsItems(bb, items) {
    return (items ?? new Items()).__init(bb.readInt32(bb.position()) + bb.position(), bb);
  }

  items(index, item) {
    const offset = this.bb.__offset(this.bb_pos, 4);
    if (!offset) return null;
    const element = this.bb.__vector(this.bb_pos + offset) + index * 4;
    return (item ?? new Item()).__init(this.bb.__indirect(element), this.bb);
  }

  itemsLength() {
    const offset = this.bb.__offset(this.bb_pos, 4);
    return offset ? this.bb.__vector_len(this.bb_pos + offset) : 0;
  }

  static createItems(builder, itemsOffset) {
    builder.startObject(1);
    builder.addFieldOffset(0, itemsOffset, 0);
    return builder.endObject();
  }

  unpack() {
    return new ItemsT(this.bb.createObjList(this.items.bind(this), this.itemsLength()));
  }
}

/** The object API's Items. */
export class ItemsT {
  constructor(items = []) {
    this.items = items;
  }
}

/** Builds the flatbuffer of {x, y, z} items; returns its bytes. */
export function encodeItems(items) {
  const builder = new flatbuffers.Builder(1024);
  const offsets = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const { x, y, z } = items[i];
    offsets[i] = Item.createItem(builder, x, y, z);
  }
  const vector = buildOffsetVector(builder, offsets);
  builder.finish(Items.createItems(builder, vector));
  return builder.asUint8Array();
}

/** The flatbuffers path; decode returns the object API's ItemT instances. */
export function createPeerPath(meta) {
  return itemsPath(meta, {
    encode: ({ items }) => encodeItems(items),
    decode: (bytes) => Items.getRootAsItems(new flatbuffers.ByteBuffer(bytes)).unpack(),
    toPlainItems: plainItems,
  });
}

// ---------------------------------------------------------------------------
// The messages workload: proto/messages.fbs (namespace
// wcb.fbm), with the accessors and builders flatc would generate written by
// hand as small functions over the same runtime calls. Field slot n sits at
// vtable offset 4 + 2n; `tags:[Scalar]` (a union vector) takes two slots,
// tags_type ([ubyte], slot 9) then tags (slot 10). created_at_ms is an int64,
// a BigInt in this runtime: the Date <-> BigInt conversion is part of
// encode/decode (timed), like protobuf's Timestamp.
//
// decode reads every field into the plain record (docs/design.md#codecs: a decode that
// reads nothing is not a decode). As in proto/messages.fbs and the C++
// decoder, strings, vectors, nested tables and union values are always
// written, and a missing one is an error naming the field.

const SCALAR_BOOL = 1;
const SCALAR_INT = 2;
const SCALAR_DOUBLE = 3;
const SCALAR_STRING = 4;

function slotOffset(bb, table, slot) {
  return bb.__offset(table, 4 + 2 * slot);
}

function readBoolField(bb, table, slot) {
  const offset = slotOffset(bb, table, slot);
  return offset ? bb.readInt8(table + offset) !== 0 : false;
}

function readInt32Field(bb, table, slot) {
  const offset = slotOffset(bb, table, slot);
  return offset ? bb.readInt32(table + offset) : 0;
}

function readFloat32Field(bb, table, slot) {
  const offset = slotOffset(bb, table, slot);
  return offset ? bb.readFloat32(table + offset) : 0;
}

function readFloat64Field(bb, table, slot) {
  const offset = slotOffset(bb, table, slot);
  return offset ? bb.readFloat64(table + offset) : 0;
}

function readInt64Field(bb, table, slot) {
  const offset = slotOffset(bb, table, slot);
  return offset ? bb.readInt64(table + offset) : 0n;
}

function missing(record, field) {
  return new Error(`flatbuffers: ${record}: field "${field}" is missing`);
}

function readStringField(bb, table, slot, record, field) {
  const offset = slotOffset(bb, table, slot);
  if (!offset) throw missing(record, field);
  return bb.__string(table + offset);
}

function readTableField(bb, table, slot, record, field) {
  const offset = slotOffset(bb, table, slot);
  if (!offset) throw missing(record, field);
  return bb.__indirect(table + offset);
}

/** [vector start, length] of a vector field. */
function readVectorField(bb, table, slot, record, field) {
  const offset = slotOffset(bb, table, slot);
  if (!offset) throw missing(record, field);
  return [bb.__vector(table + offset), bb.__vector_len(table + offset)];
}

function rootTable(bytes) {
  const bb = new flatbuffers.ByteBuffer(bytes);
  return [bb, bb.readInt32(bb.position()) + bb.position()];
}

function readScalar(bb, type, table) {
  switch (type) {
    case SCALAR_BOOL:
      return readBoolField(bb, table, 0);
    case SCALAR_INT:
      return readInt32Field(bb, table, 0);
    case SCALAR_DOUBLE:
      return readFloat64Field(bb, table, 0);
    case SCALAR_STRING:
      return readStringField(bb, table, 0, 'record', 'tags');
    default:
      throw new Error(`flatbuffers: record: field "tags": unknown Scalar type ${type}`);
  }
}

// The small objects (Object1Message..Object3Message): foo, this_is,
// another, and at the deeper levels the next smaller one as `sub`.
function readSmallObject(bb, table, depth, record) {
  const object = {
    foo: readStringField(bb, table, 0, record, 'foo'),
    thisIs: readStringField(bb, table, 1, record, 'thisIs'),
    another: readInt32Field(bb, table, 2),
  };
  if (depth > 1)
    object.sub = readSmallObject(bb, readTableField(bb, table, 3, record, 'sub'), depth - 1, record);
  return object;
}

/** Reader of each record: (bb, root table position) -> the plain record. */
const MESSAGE_READERS = Object.freeze({
  bool: (bb, table) => ({ value: readBoolField(bb, table, 0) }),
  int: (bb, table) => ({ value: readInt32Field(bb, table, 0) }),
  double: (bb, table) => ({ value: readFloat64Field(bb, table, 0) }),
  string: (bb, table) => ({ value: readStringField(bb, table, 0, 'string', 'value') }),
  array: (bb, table) => {
    const [start, length] = readVectorField(bb, table, 0, 'array', 'value');
    const value = new Array(length);
    for (let i = 0; i < length; i++) value[i] = bb.readInt32(start + i * 4);
    return { value };
  },
  nested: (bb, table) => {
    const level1 = readTableField(bb, table, 0, 'nested', 'value');
    const level2 = readTableField(bb, level1, 0, 'nested', 'level2');
    const level3 = readTableField(bb, level2, 0, 'nested', 'level3');
    return {
      value: {
        level2: {
          level3: {
            flag: readBoolField(bb, level3, 0),
            count: readInt32Field(bb, level3, 1),
            label: readStringField(bb, level3, 2, 'nested', 'label'),
          },
        },
      },
    };
  },
  record: (bb, table) => {
    const [typesStart, typesLength] = readVectorField(bb, table, 9, 'record', 'tags_type');
    const [tagsStart, tagsLength] = readVectorField(bb, table, 10, 'record', 'tags');
    if (typesLength !== tagsLength)
      throw new Error(`flatbuffers: record: ${typesLength} tag types for ${tagsLength} tags`);
    const tags = new Array(tagsLength);
    for (let i = 0; i < tagsLength; i++) {
      tags[i] = readScalar(bb, bb.readUint8(typesStart + i), bb.__indirect(tagsStart + i * 4));
    }
    return {
      id: readInt32Field(bb, table, 0),
      active: readBoolField(bb, table, 1),
      score: readFloat64Field(bb, table, 2),
      balance: readFloat64Field(bb, table, 3),
      latitude: readFloat32Field(bb, table, 4),
      longitude: readFloat32Field(bb, table, 5),
      createdAt: new Date(Number(readInt64Field(bb, table, 6))),
      name: readStringField(bb, table, 7, 'record', 'name'),
      description: readStringField(bb, table, 8, 'record', 'description'),
      tags,
    };
  },
  binary: (bb, table) => {
    const name = readStringField(bb, table, 0, 'binary', 'name');
    const [start, length] = readVectorField(bb, table, 1, 'binary', 'data');
    // A copy: a view would keep the whole input buffer alive.
    return { name, data: bb.bytes().slice(start, start + length) };
  },
  object1: (bb, table) => readSmallObject(bb, table, 1, 'object1'),
  object2: (bb, table) => readSmallObject(bb, table, 2, 'object2'),
  object3: (bb, table) => readSmallObject(bb, table, 3, 'object3'),
});

function buildScalar(builder, value) {
  if (typeof value === 'string') {
    const text = builder.createString(value);
    builder.startObject(1);
    builder.addFieldOffset(0, text, 0);
    return [SCALAR_STRING, builder.endObject()];
  }
  builder.startObject(1);
  if (typeof value === 'boolean') {
    builder.addFieldInt8(0, +value, 0);
    return [SCALAR_BOOL, builder.endObject()];
  }
  if (isInt32Value(value)) {
    builder.addFieldInt32(0, value, 0);
    return [SCALAR_INT, builder.endObject()];
  }
  builder.addFieldFloat64(0, value, 0);
  return [SCALAR_DOUBLE, builder.endObject()];
}

/** A vector of table offsets (a [Table] field). */
function buildOffsetVector(builder, offsets) {
  builder.startVector(4, offsets.length, 4);
  for (let i = offsets.length - 1; i >= 0; i--) builder.addOffset(offsets[i]);
  return builder.endVector();
}

function buildValueTable(builder, addValue) {
  builder.startObject(1);
  addValue();
  return builder.endObject();
}

/** A small object's table, its `sub` (when it has one) built first. */
function buildSmallObject(builder, { foo, thisIs, another, sub }) {
  const subOffset = sub && buildSmallObject(builder, sub);
  const fooOffset = builder.createString(foo);
  const thisIsOffset = builder.createString(thisIs);
  builder.startObject(sub ? 4 : 3);
  builder.addFieldOffset(0, fooOffset, 0);
  builder.addFieldOffset(1, thisIsOffset, 0);
  builder.addFieldInt32(2, another, 0);
  if (sub) builder.addFieldOffset(3, subOffset, 0);
  return builder.endObject();
}

/** Builder of each record: (builder, record) -> the root table's offset. */
const MESSAGE_BUILDERS = Object.freeze({
  bool: (builder, { value }) => buildValueTable(builder, () => builder.addFieldInt8(0, +value, 0)),
  int: (builder, { value }) => buildValueTable(builder, () => builder.addFieldInt32(0, value, 0)),
  double: (builder, { value }) => buildValueTable(builder, () => builder.addFieldFloat64(0, value, 0)),
  string: (builder, { value }) => {
    const text = builder.createString(value);
    return buildValueTable(builder, () => builder.addFieldOffset(0, text, 0));
  },
  array: (builder, { value }) => {
    builder.startVector(4, value.length, 4);
    for (let i = value.length - 1; i >= 0; i--) builder.addInt32(value[i]);
    const vector = builder.endVector();
    return buildValueTable(builder, () => builder.addFieldOffset(0, vector, 0));
  },
  nested: (builder, { value }) => {
    const { flag, count, label } = value.level2.level3;
    const labelOffset = builder.createString(label);
    builder.startObject(3);
    builder.addFieldInt8(0, +flag, 0);
    builder.addFieldInt32(1, count, 0);
    builder.addFieldOffset(2, labelOffset, 0);
    const level3 = builder.endObject();
    const level2 = buildValueTable(builder, () => builder.addFieldOffset(0, level3, 0));
    const level1 = buildValueTable(builder, () => builder.addFieldOffset(0, level2, 0));
    return buildValueTable(builder, () => builder.addFieldOffset(0, level1, 0));
  },
  record: (builder, record) => {
    const name = builder.createString(record.name);
    const description = builder.createString(record.description);
    const types = new Uint8Array(record.tags.length);
    const tables = new Array(record.tags.length);
    for (let i = 0; i < record.tags.length; i++) [types[i], tables[i]] = buildScalar(builder, record.tags[i]);
    const typesVector = builder.createByteVector(types);
    const tagsVector = buildOffsetVector(builder, tables);
    builder.startObject(11);
    builder.addFieldInt32(0, record.id, 0);
    builder.addFieldInt8(1, +record.active, 0);
    builder.addFieldFloat64(2, record.score, 0);
    builder.addFieldFloat64(3, record.balance, 0);
    builder.addFieldFloat32(4, record.latitude, 0);
    builder.addFieldFloat32(5, record.longitude, 0);
    builder.addFieldInt64(6, BigInt(record.createdAt.getTime()), 0n);
    builder.addFieldOffset(7, name, 0);
    builder.addFieldOffset(8, description, 0);
    builder.addFieldOffset(9, typesVector, 0);
    builder.addFieldOffset(10, tagsVector, 0);
    return builder.endObject();
  },
  binary: (builder, { name, data }) => {
    const nameOffset = builder.createString(name);
    const dataOffset = builder.createByteVector(data);
    builder.startObject(2);
    builder.addFieldOffset(0, nameOffset, 0);
    builder.addFieldOffset(1, dataOffset, 0);
    return builder.endObject();
  },
  object1: buildSmallObject,
  object2: buildSmallObject,
  object3: buildSmallObject,
});

/**
 * The flatbuffers messages path: encode builds the record's table (a new
 * Builder per call, like the tuple path; the bytes are a view of its
 * buffer), decode reads every field into the plain record.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const build = MESSAGE_BUILDERS[name];
      const read = MESSAGE_READERS[name];
      return {
        encode(record) {
          const builder = new flatbuffers.Builder(256);
          builder.finish(build(builder, record));
          return builder.asUint8Array();
        },
        decode(bytes) {
          const [bb, table] = rootTable(bytes);
          return read(bb, table);
        },
      };
    },
  };
}
