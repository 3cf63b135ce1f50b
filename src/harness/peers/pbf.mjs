// pbf: a low-level protobuf reader/writer used with small read/write
// functions per message, as `pbf --compile` writes them; these are written
// by hand for proto/tuple.proto (Items { repeated Item items = 1 }, Item {
// int32 x = 1; double y = 2; double z = 3 }). Decoded items are plain
// object literals. Unknown fields are skipped by nextField() itself.

import { PbfReader, PbfWriter } from 'pbf';

import { dateOf, isInt32Value, timestampOf } from './message-support.mjs';
import { itemsPath } from './value-paths.mjs';

function readItem(pbf, end) {
  const item = { x: 0, y: 0, z: 0 };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) item.x = pbf.readVarint(true);
    else if (field === 2) item.y = pbf.readDouble();
    else if (field === 3) item.z = pbf.readDouble();
  }
  return item;
}

/** Reads a wcb.pb.Items message: { items: [{ x, y, z }, ...] }. */
export function readItems(pbf, end = pbf.length) {
  const message = { items: [] };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) message.items.push(readItem(pbf, pbf.readVarint() + pbf.pos));
  }
  return message;
}

// proto3: fields equal to their default (0) are not written.
function writeItem(item, pbf) {
  if (item.x) pbf.writeVarintField(1, item.x);
  if (item.y) pbf.writeDoubleField(2, item.y);
  if (item.z) pbf.writeDoubleField(3, item.z);
}

/** Writes a wcb.pb.Items message. */
export function writeItems(message, pbf) {
  for (const item of message.items) pbf.writeMessage(1, writeItem, item);
}

/** The pbf path; decode returns plain {x, y, z} objects. */
export function createPeerPath(meta) {
  return itemsPath(meta, {
    encode(message) {
      const pbf = new PbfWriter();
      writeItems(message, pbf);
      return pbf.finish();
    },
    decode: (bytes) => readItems(new PbfReader(bytes)),
  });
}

// ---------------------------------------------------------------------------
// The messages workload: readers and writers for proto/messages.proto
// (package wcb.msg), written as `pbf --compile` would, with the two
// conversions a user adds: createdAt Date <-> Timestamp {seconds, nanos} and
// a tag value <-> Scalar oneof. Readers start from proto3 defaults; writers
// leave out scalar fields equal to their default, except oneof members
// (always written, so `false` keeps its kind). Strings, bytes and repeated
// fields are written when not empty, nested messages when present.

function readValue(pbf, end, readOne, initial) {
  const message = { value: initial };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) message.value = readOne(pbf, message.value);
  }
  return message;
}

function readLevel3(pbf, end) {
  const level3 = { flag: false, count: 0, label: '' };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) level3.flag = pbf.readBoolean();
    else if (field === 2) level3.count = pbf.readVarint(true);
    else if (field === 3) level3.label = pbf.readString();
  }
  return level3;
}

function readLevel2(pbf, end) {
  const level2 = {};
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) level2.level3 = readLevel3(pbf, pbf.readVarint() + pbf.pos);
  }
  return level2;
}

function readLevel1(pbf, end) {
  const level1 = {};
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) level1.level2 = readLevel2(pbf, pbf.readVarint() + pbf.pos);
  }
  return level1;
}

function readTimestamp(pbf, end) {
  let seconds = 0;
  let nanos = 0;
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) seconds = pbf.readVarint(true);
    else if (field === 2) nanos = pbf.readVarint(true);
  }
  return dateOf(seconds, nanos);
}

function readScalar(pbf, end) {
  let value;
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) value = pbf.readBoolean();
    else if (field === 2) value = pbf.readVarint(true);
    else if (field === 3) value = pbf.readDouble();
    else if (field === 4) value = pbf.readString();
  }
  return value;
}

function readRecord(pbf, end) {
  const record = {
    id: 0,
    active: false,
    score: 0,
    balance: 0,
    latitude: 0,
    longitude: 0,
    createdAt: null,
    name: '',
    description: '',
    tags: [],
  };
  let field;
  while ((field = pbf.nextField(end))) {
    switch (field) {
      case 1:
        record.id = pbf.readVarint(true);
        break;
      case 2:
        record.active = pbf.readBoolean();
        break;
      case 3:
        record.score = pbf.readDouble();
        break;
      case 4:
        record.balance = pbf.readDouble();
        break;
      case 5:
        record.latitude = pbf.readFloat();
        break;
      case 6:
        record.longitude = pbf.readFloat();
        break;
      case 7:
        record.createdAt = readTimestamp(pbf, pbf.readVarint() + pbf.pos);
        break;
      case 8:
        record.name = pbf.readString();
        break;
      case 9:
        record.description = pbf.readString();
        break;
      case 10:
        record.tags.push(readScalar(pbf, pbf.readVarint() + pbf.pos));
        break;
    }
  }
  return record;
}

function readBinary(pbf, end) {
  const message = { name: '', data: new Uint8Array(0) };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) message.name = pbf.readString();
    else if (field === 2) message.data = pbf.readBytes();
  }
  return message;
}

// The small objects (Object1Message..Object3Message): foo, this_is,
// another, and at the deeper levels the next smaller one as `sub`.
function readSmallObject(pbf, end, depth) {
  const object = { foo: '', thisIs: '', another: 0 };
  let field;
  while ((field = pbf.nextField(end))) {
    if (field === 1) object.foo = pbf.readString();
    else if (field === 2) object.thisIs = pbf.readString();
    else if (field === 3) object.another = pbf.readVarint(true);
    else if (field === 4 && depth > 1)
      object.sub = readSmallObject(pbf, pbf.readVarint() + pbf.pos, depth - 1);
  }
  return object;
}

/** Reader of each record: (pbf, end) -> the plain record. */
const MESSAGE_READERS = Object.freeze({
  bool: (pbf, end) => readValue(pbf, end, (p) => p.readBoolean(), false),
  int: (pbf, end) => readValue(pbf, end, (p) => p.readVarint(true), 0),
  double: (pbf, end) => readValue(pbf, end, (p) => p.readDouble(), 0),
  string: (pbf, end) => readValue(pbf, end, (p) => p.readString(), ''),
  // Packed (proto3's default) or not: readPackedVarint takes both.
  array: (pbf, end) => readValue(pbf, end, (p, values) => p.readPackedVarint(values, true), []),
  nested: (pbf, end) => readValue(pbf, end, (p) => readLevel1(p, p.readVarint() + p.pos), {}),
  record: readRecord,
  binary: readBinary,
  object1: (pbf, end) => readSmallObject(pbf, end, 1),
  object2: (pbf, end) => readSmallObject(pbf, end, 2),
  object3: (pbf, end) => readSmallObject(pbf, end, 3),
});

function writeLevel3(level3, pbf) {
  if (level3.flag) pbf.writeBooleanField(1, level3.flag);
  if (level3.count) pbf.writeVarintField(2, level3.count);
  if (level3.label) pbf.writeStringField(3, level3.label);
}

function writeLevel2(level2, pbf) {
  if (level2.level3) pbf.writeMessage(1, writeLevel3, level2.level3);
}

function writeLevel1(level1, pbf) {
  if (level1.level2) pbf.writeMessage(1, writeLevel2, level1.level2);
}

function writeTimestamp({ seconds, nanos }, pbf) {
  if (seconds) pbf.writeVarintField(1, seconds);
  if (nanos) pbf.writeVarintField(2, nanos);
}

function writeScalar(value, pbf) {
  if (typeof value === 'boolean') pbf.writeBooleanField(1, value);
  else if (typeof value === 'string') pbf.writeStringField(4, value);
  else if (isInt32Value(value)) pbf.writeVarintField(2, value);
  else pbf.writeDoubleField(3, value);
}

function writeRecord(record, pbf) {
  if (record.id) pbf.writeVarintField(1, record.id);
  if (record.active) pbf.writeBooleanField(2, record.active);
  if (record.score) pbf.writeDoubleField(3, record.score);
  if (record.balance) pbf.writeDoubleField(4, record.balance);
  if (record.latitude) pbf.writeFloatField(5, record.latitude);
  if (record.longitude) pbf.writeFloatField(6, record.longitude);
  pbf.writeMessage(7, writeTimestamp, timestampOf(record.createdAt));
  if (record.name) pbf.writeStringField(8, record.name);
  if (record.description) pbf.writeStringField(9, record.description);
  for (const tag of record.tags) pbf.writeMessage(10, writeScalar, tag);
}

function writeBinary(message, pbf) {
  if (message.name) pbf.writeStringField(1, message.name);
  if (message.data.length) pbf.writeBytesField(2, message.data);
}

function writeSmallObject(object, pbf) {
  if (object.foo) pbf.writeStringField(1, object.foo);
  if (object.thisIs) pbf.writeStringField(2, object.thisIs);
  if (object.another) pbf.writeVarintField(3, object.another);
  if (object.sub) pbf.writeMessage(4, writeSmallObject, object.sub);
}

/** Writer of each record: (record, pbf). */
const MESSAGE_WRITERS = Object.freeze({
  bool: (message, pbf) => message.value && pbf.writeBooleanField(1, message.value),
  int: (message, pbf) => message.value && pbf.writeVarintField(1, message.value),
  double: (message, pbf) => message.value && pbf.writeDoubleField(1, message.value),
  string: (message, pbf) => message.value && pbf.writeStringField(1, message.value),
  array: (message, pbf) => pbf.writePackedVarint(1, message.value),
  nested: (message, pbf) => pbf.writeMessage(1, writeLevel1, message.value),
  record: writeRecord,
  binary: writeBinary,
  object1: writeSmallObject,
  object2: writeSmallObject,
  object3: writeSmallObject,
});

/**
 * The pbf messages path: decode returns plain records (createdAt a Date,
 * data a view of the input bytes), as the readers above build them.
 */
export function createMessagePath(meta) {
  return {
    ...meta,
    forRecord(name) {
      const read = MESSAGE_READERS[name];
      const write = MESSAGE_WRITERS[name];
      return {
        encode(record) {
          const pbf = new PbfWriter();
          write(record, pbf);
          return pbf.finish();
        },
        decode(bytes) {
          const pbf = new PbfReader(bytes);
          return read(pbf, pbf.length);
        },
      };
    },
  };
}
