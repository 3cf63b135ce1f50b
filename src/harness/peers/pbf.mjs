// pbf: a low-level protobuf reader/writer used with small read/write
// functions per message, as `pbf --compile` writes them; these are written
// by hand for proto/tuple.proto (Items { repeated Item items = 1 }, Item {
// int32 x = 1; double y = 2; double z = 3 }). Decoded items are plain
// object literals. Unknown fields are skipped by nextField() itself.

import { PbfReader, PbfWriter } from 'pbf';

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
  return {
    ...meta,
    encode(items) {
      const pbf = new PbfWriter();
      writeItems({ items }, pbf);
      return { encoded: pbf.finish() };
    },
    decode(bytes) {
      return { items: readItems(new PbfReader(bytes)).items };
    },
    bytesOf(bytes) {
      return bytes;
    },
  };
}
