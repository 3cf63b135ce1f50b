// google-protobuf: the message classes of proto/tuple.proto (package
// wcb.pb), written by hand in the shape protoc-gen-js generates (see
// google-protobuf.mjs for why): jspb.Message subclasses with getX/setX
// accessors and serializeBinaryToWriter / deserializeBinaryFromReader on
// BinaryWriter / BinaryReader.

import jspb from 'google-protobuf';

import { GeneratedMessage } from './google-protobuf-messages.mjs';

/** wcb.pb.Item { int32 x = 1; double y = 2; double z = 3; } */
export class Item extends GeneratedMessage {
  getX() {
    return jspb.Message.getFieldWithDefault(this, 1, 0);
  }
  setX(value) {
    return jspb.Message.setProto3IntField(this, 1, value);
  }
  getY() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 2, 0);
  }
  setY(value) {
    return jspb.Message.setProto3FloatField(this, 2, value);
  }
  getZ() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 3, 0);
  }
  setZ(value) {
    return jspb.Message.setProto3FloatField(this, 3, value);
  }

  // proto3: a field equal to its default (0) is not written.
  static serializeBinaryToWriter(message, writer) {
    const x = message.getX();
    if (x !== 0) writer.writeInt32(1, x);
    const y = message.getY();
    if (y !== 0) writer.writeDouble(2, y);
    const z = message.getZ();
    if (z !== 0) writer.writeDouble(3, z);
  }

  static deserializeBinaryFromReader(message, reader) {
    while (reader.nextField()) {
      if (reader.isEndGroup()) break;
      switch (reader.getFieldNumber()) {
        case 1:
          message.setX(reader.readInt32());
          break;
        case 2:
          message.setY(reader.readDouble());
          break;
        case 3:
          message.setZ(reader.readDouble());
          break;
        default:
          reader.skipField();
      }
    }
    return message;
  }
}

const ITEMS_REPEATED_FIELDS = [1];

/** wcb.pb.Items { repeated Item items = 1; } */
export class Items extends GeneratedMessage {
  constructor(data) {
    super(data, ITEMS_REPEATED_FIELDS);
  }

  getItemsList() {
    return jspb.Message.getRepeatedWrapperField(this, Item, 1);
  }
  setItemsList(items) {
    return jspb.Message.setRepeatedWrapperField(this, 1, items);
  }
  addItems(item, index) {
    return jspb.Message.addToRepeatedWrapperField(this, 1, item, Item, index);
  }

  static serializeBinaryToWriter(message, writer) {
    const items = message.getItemsList();
    if (items.length > 0) writer.writeRepeatedMessage(1, items, Item.serializeBinaryToWriter);
  }

  static deserializeBinaryFromReader(message, reader) {
    while (reader.nextField()) {
      if (reader.isEndGroup()) break;
      switch (reader.getFieldNumber()) {
        case 1: {
          const item = new Item();
          reader.readMessage(item, Item.deserializeBinaryFromReader);
          message.addItems(item);
          break;
        }
        default:
          reader.skipField();
      }
    }
    return message;
  }
}
