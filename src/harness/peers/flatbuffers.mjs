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
//
// The messages workload's half is in flatbuffers-messages.mjs.

import * as flatbuffers from 'flatbuffers';

import { buildOffsetVector } from './flatbuffers-messages.mjs';
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

export { createMessagePath } from './flatbuffers-messages.mjs';
