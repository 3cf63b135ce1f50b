// google-protobuf: the classes of wcb.msg.Record (proto/messages.proto) and
// the two messages it holds, Timestamp and Scalar (the mixed array's oneof),
// written by hand in the shape protoc-gen-js generates (see
// google-protobuf.mjs for why).

import jspb from 'google-protobuf';

import { GeneratedMessage, readFields } from './google-protobuf-messages.mjs';

/** wcb.msg.Timestamp { int64 seconds = 1; int32 nanos = 2; } */
export class Timestamp extends GeneratedMessage {
  getSeconds() {
    return jspb.Message.getFieldWithDefault(this, 1, 0);
  }
  setSeconds(value) {
    return jspb.Message.setProto3IntField(this, 1, value);
  }
  getNanos() {
    return jspb.Message.getFieldWithDefault(this, 2, 0);
  }
  setNanos(value) {
    return jspb.Message.setProto3IntField(this, 2, value);
  }
  static serializeBinaryToWriter(message, writer) {
    const seconds = message.getSeconds();
    if (seconds !== 0) writer.writeInt64(1, seconds);
    const nanos = message.getNanos();
    if (nanos !== 0) writer.writeInt32(2, nanos);
  }
  static deserializeBinaryFromReader(message, reader) {
    return readFields(message, reader, (field) => {
      if (field === 1) message.setSeconds(reader.readInt64());
      else if (field === 2) message.setNanos(reader.readInt32());
      else return false;
      return true;
    });
  }
}

const SCALAR_ONEOF = [1, 2, 3, 4];

/** wcb.msg.Scalar { oneof kind { bool flag = 1; int32 integer = 2; double number = 3; string text = 4; } } */
export class Scalar extends GeneratedMessage {
  constructor(data) {
    super(data, null, [SCALAR_ONEOF]);
  }
  /** The field number of the member that is set (0: none), like getKindCase(). */
  getKindCase() {
    return jspb.Message.computeOneofCase(this, SCALAR_ONEOF);
  }
  getFlag() {
    return jspb.Message.getBooleanFieldWithDefault(this, 1, false);
  }
  setFlag(value) {
    return jspb.Message.setOneofField(this, 1, SCALAR_ONEOF, value);
  }
  getInteger() {
    return jspb.Message.getFieldWithDefault(this, 2, 0);
  }
  setInteger(value) {
    return jspb.Message.setOneofField(this, 2, SCALAR_ONEOF, value);
  }
  getNumber() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 3, 0);
  }
  setNumber(value) {
    return jspb.Message.setOneofField(this, 3, SCALAR_ONEOF, value);
  }
  getText() {
    return jspb.Message.getFieldWithDefault(this, 4, '');
  }
  setText(value) {
    return jspb.Message.setOneofField(this, 4, SCALAR_ONEOF, value);
  }
  // A oneof member is written whenever it is set, default value included.
  static serializeBinaryToWriter(message, writer) {
    switch (message.getKindCase()) {
      case 1:
        writer.writeBool(1, message.getFlag());
        break;
      case 2:
        writer.writeInt32(2, message.getInteger());
        break;
      case 3:
        writer.writeDouble(3, message.getNumber());
        break;
      case 4:
        writer.writeString(4, message.getText());
        break;
    }
  }
  static deserializeBinaryFromReader(message, reader) {
    return readFields(message, reader, (field) => {
      if (field === 1) message.setFlag(reader.readBool());
      else if (field === 2) message.setInteger(reader.readInt32());
      else if (field === 3) message.setNumber(reader.readDouble());
      else if (field === 4) message.setText(reader.readString());
      else return false;
      return true;
    });
  }
}

/** wcb.msg.Record (see proto/messages.proto). */
export class RecordMessage extends GeneratedMessage {
  constructor(data) {
    super(data, [10]);
  }
  getId() {
    return jspb.Message.getFieldWithDefault(this, 1, 0);
  }
  setId(value) {
    return jspb.Message.setProto3IntField(this, 1, value);
  }
  getActive() {
    return jspb.Message.getBooleanFieldWithDefault(this, 2, false);
  }
  setActive(value) {
    return jspb.Message.setProto3BooleanField(this, 2, value);
  }
  getScore() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 3, 0);
  }
  setScore(value) {
    return jspb.Message.setProto3FloatField(this, 3, value);
  }
  getBalance() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 4, 0);
  }
  setBalance(value) {
    return jspb.Message.setProto3FloatField(this, 4, value);
  }
  getLatitude() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 5, 0);
  }
  setLatitude(value) {
    return jspb.Message.setProto3FloatField(this, 5, value);
  }
  getLongitude() {
    return jspb.Message.getFloatingPointFieldWithDefault(this, 6, 0);
  }
  setLongitude(value) {
    return jspb.Message.setProto3FloatField(this, 6, value);
  }
  getCreatedAt() {
    return jspb.Message.getWrapperField(this, Timestamp, 7);
  }
  setCreatedAt(value) {
    return jspb.Message.setWrapperField(this, 7, value);
  }
  getName() {
    return jspb.Message.getFieldWithDefault(this, 8, '');
  }
  setName(value) {
    return jspb.Message.setProto3StringField(this, 8, value);
  }
  getDescription() {
    return jspb.Message.getFieldWithDefault(this, 9, '');
  }
  setDescription(value) {
    return jspb.Message.setProto3StringField(this, 9, value);
  }
  getTagsList() {
    return jspb.Message.getRepeatedWrapperField(this, Scalar, 10);
  }
  setTagsList(values) {
    return jspb.Message.setRepeatedWrapperField(this, 10, values);
  }
  addTags(value, index) {
    return jspb.Message.addToRepeatedWrapperField(this, 10, value, Scalar, index);
  }
  static serializeBinaryToWriter(message, writer) {
    const id = message.getId();
    if (id !== 0) writer.writeInt32(1, id);
    const active = message.getActive();
    if (active) writer.writeBool(2, active);
    const score = message.getScore();
    if (score !== 0) writer.writeDouble(3, score);
    const balance = message.getBalance();
    if (balance !== 0) writer.writeDouble(4, balance);
    const latitude = message.getLatitude();
    if (latitude !== 0) writer.writeFloat(5, latitude);
    const longitude = message.getLongitude();
    if (longitude !== 0) writer.writeFloat(6, longitude);
    const createdAt = message.getCreatedAt();
    if (createdAt != null) writer.writeMessage(7, createdAt, Timestamp.serializeBinaryToWriter);
    const name = message.getName();
    if (name.length > 0) writer.writeString(8, name);
    const description = message.getDescription();
    if (description.length > 0) writer.writeString(9, description);
    const tags = message.getTagsList();
    if (tags.length > 0) writer.writeRepeatedMessage(10, tags, Scalar.serializeBinaryToWriter);
  }
  static deserializeBinaryFromReader(message, reader) {
    return readFields(message, reader, (field) => {
      switch (field) {
        case 1:
          message.setId(reader.readInt32());
          return true;
        case 2:
          message.setActive(reader.readBool());
          return true;
        case 3:
          message.setScore(reader.readDouble());
          return true;
        case 4:
          message.setBalance(reader.readDouble());
          return true;
        case 5:
          message.setLatitude(reader.readFloat());
          return true;
        case 6:
          message.setLongitude(reader.readFloat());
          return true;
        case 7: {
          const timestamp = new Timestamp();
          reader.readMessage(timestamp, Timestamp.deserializeBinaryFromReader);
          message.setCreatedAt(timestamp);
          return true;
        }
        case 8:
          message.setName(reader.readString());
          return true;
        case 9:
          message.setDescription(reader.readString());
          return true;
        case 10: {
          const scalar = new Scalar();
          reader.readMessage(scalar, Scalar.deserializeBinaryFromReader);
          message.addTags(scalar);
          return true;
        }
        default:
          return false;
      }
    });
  }
}
