// google-protobuf: the message classes of proto/messages.proto (package
// wcb.msg) with one field or a nesting of them, written by hand in the shape
// protoc-gen-js generates (see google-protobuf.mjs for why). The record's
// classes (Timestamp, Scalar, Record) are in google-protobuf-record.mjs.

import jspb from 'google-protobuf';

/**
 * What every class protoc-gen-js generates has: initialize() with its
 * repeated fields and oneofs, serializeBinary() and deserializeBinary(bytes)
 * around the class' own serializeBinaryToWriter and
 * deserializeBinaryFromReader.
 */
export class GeneratedMessage extends jspb.Message {
  constructor(data, repeatedFields = null, oneofs = null) {
    super();
    jspb.Message.initialize(this, data, 0, -1, repeatedFields, oneofs);
  }
  serializeBinary() {
    const writer = new jspb.BinaryWriter();
    this.constructor.serializeBinaryToWriter(this, writer);
    return writer.getResultBuffer();
  }
  static deserializeBinary(bytes) {
    return this.deserializeBinaryFromReader(new this(), new jspb.BinaryReader(bytes));
  }
}

/** Reads every field of `message`; `readField(number)` returns false for a field it does not know (skipped). */
export function readFields(message, reader, readField) {
  while (reader.nextField()) {
    if (reader.isEndGroup()) break;
    if (!readField(reader.getFieldNumber())) reader.skipField();
  }
  return message;
}

/** The class of a message with one scalar field `value = 1` (BoolMessage, IntMessage, ...). */
function valueMessageClass({ defaultValue, get, set, write, read }) {
  return class extends GeneratedMessage {
    getValue() {
      return get(this, 1, defaultValue);
    }
    setValue(value) {
      return set(this, 1, value);
    }
    static serializeBinaryToWriter(message, writer) {
      const value = message.getValue();
      if (value !== defaultValue) write.call(writer, 1, value);
    }
    static deserializeBinaryFromReader(message, reader) {
      return readFields(
        message,
        reader,
        (field) => field === 1 && (message.setValue(read.call(reader)), true),
      );
    }
  };
}

/** wcb.msg.BoolMessage { bool value = 1; } */
export const BoolMessage = valueMessageClass({
  defaultValue: false,
  get: jspb.Message.getBooleanFieldWithDefault,
  set: jspb.Message.setProto3BooleanField,
  write: jspb.BinaryWriter.prototype.writeBool,
  read: jspb.BinaryReader.prototype.readBool,
});
/** wcb.msg.IntMessage { int32 value = 1; } */
export const IntMessage = valueMessageClass({
  defaultValue: 0,
  get: jspb.Message.getFieldWithDefault,
  set: jspb.Message.setProto3IntField,
  write: jspb.BinaryWriter.prototype.writeInt32,
  read: jspb.BinaryReader.prototype.readInt32,
});
/** wcb.msg.DoubleMessage { double value = 1; } */
export const DoubleMessage = valueMessageClass({
  defaultValue: 0,
  get: jspb.Message.getFloatingPointFieldWithDefault,
  set: jspb.Message.setProto3FloatField,
  write: jspb.BinaryWriter.prototype.writeDouble,
  read: jspb.BinaryReader.prototype.readDouble,
});
/** wcb.msg.StringMessage { string value = 1; } */
export const StringMessage = valueMessageClass({
  defaultValue: '',
  get: jspb.Message.getFieldWithDefault,
  set: jspb.Message.setProto3StringField,
  write: jspb.BinaryWriter.prototype.writeString,
  read: jspb.BinaryReader.prototype.readString,
});

/** wcb.msg.ArrayMessage { repeated int32 value = 1; } (packed) */
export class ArrayMessage extends GeneratedMessage {
  constructor(data) {
    super(data, [1]);
  }
  getValueList() {
    return jspb.Message.getRepeatedField(this, 1);
  }
  setValueList(values) {
    return jspb.Message.setField(this, 1, values || []);
  }
  static serializeBinaryToWriter(message, writer) {
    const values = message.getValueList();
    if (values.length > 0) writer.writePackedInt32(1, values);
  }
  static deserializeBinaryFromReader(message, reader) {
    // Packed or not, as proto3 readers must accept both.
    return readFields(
      message,
      reader,
      (field) => field === 1 && (reader.readPackableInt32Into(message.getValueList()), true),
    );
  }
}

/** wcb.msg.Level3 { bool flag = 1; int32 count = 2; string label = 3; } */
export class Level3 extends GeneratedMessage {
  getFlag() {
    return jspb.Message.getBooleanFieldWithDefault(this, 1, false);
  }
  setFlag(value) {
    return jspb.Message.setProto3BooleanField(this, 1, value);
  }
  getCount() {
    return jspb.Message.getFieldWithDefault(this, 2, 0);
  }
  setCount(value) {
    return jspb.Message.setProto3IntField(this, 2, value);
  }
  getLabel() {
    return jspb.Message.getFieldWithDefault(this, 3, '');
  }
  setLabel(value) {
    return jspb.Message.setProto3StringField(this, 3, value);
  }
  static serializeBinaryToWriter(message, writer) {
    const flag = message.getFlag();
    if (flag) writer.writeBool(1, flag);
    const count = message.getCount();
    if (count !== 0) writer.writeInt32(2, count);
    const label = message.getLabel();
    if (label.length > 0) writer.writeString(3, label);
  }
  static deserializeBinaryFromReader(message, reader) {
    return readFields(message, reader, (field) => {
      if (field === 1) message.setFlag(reader.readBool());
      else if (field === 2) message.setCount(reader.readInt32());
      else if (field === 3) message.setLabel(reader.readString());
      else return false;
      return true;
    });
  }
}

/** The class of a message with one message field at 1 (Level2, Level1, NestedMessage). */
function wrapperMessageClass(Inner) {
  return class extends GeneratedMessage {
    getInner() {
      return jspb.Message.getWrapperField(this, Inner, 1);
    }
    setInner(value) {
      return jspb.Message.setWrapperField(this, 1, value);
    }
    static serializeBinaryToWriter(message, writer) {
      const inner = message.getInner();
      if (inner != null) writer.writeMessage(1, inner, Inner.serializeBinaryToWriter);
    }
    static deserializeBinaryFromReader(message, reader) {
      return readFields(message, reader, (field) => {
        if (field !== 1) return false;
        const inner = new Inner();
        reader.readMessage(inner, Inner.deserializeBinaryFromReader);
        message.setInner(inner);
        return true;
      });
    }
  };
}

/** wcb.msg.Level2 { Level3 level3 = 1; } (getInner = getLevel3) */
export const Level2 = wrapperMessageClass(Level3);
/** wcb.msg.Level1 { Level2 level2 = 1; } */
export const Level1 = wrapperMessageClass(Level2);
/** wcb.msg.NestedMessage { Level1 value = 1; } */
export const NestedMessage = wrapperMessageClass(Level1);

/** wcb.msg.BinaryMessage { string name = 1; bytes data = 2; } */
export class BinaryMessage extends GeneratedMessage {
  getName() {
    return jspb.Message.getFieldWithDefault(this, 1, '');
  }
  setName(value) {
    return jspb.Message.setProto3StringField(this, 1, value);
  }
  /** The bytes as a Uint8Array (jspb may hold them as base64 text). */
  getData_asU8() {
    return jspb.Message.bytesAsU8(jspb.Message.getFieldWithDefault(this, 2, ''));
  }
  setData(value) {
    return jspb.Message.setProto3BytesField(this, 2, value);
  }
  static serializeBinaryToWriter(message, writer) {
    const name = message.getName();
    if (name.length > 0) writer.writeString(1, name);
    const data = message.getData_asU8();
    if (data.length > 0) writer.writeBytes(2, data);
  }
  static deserializeBinaryFromReader(message, reader) {
    return readFields(message, reader, (field) => {
      if (field === 1) message.setName(reader.readString());
      else if (field === 2) message.setData(reader.readBytes());
      else return false;
      return true;
    });
  }
}

/**
 * The class of a small object { string foo = 1; string this_is = 2; int32
 * another = 3; } with, when `Sub` is given, `Sub sub = 4;`.
 */
function smallObjectClass(Sub) {
  return class extends GeneratedMessage {
    /** The class of `sub` (undefined for Object1Message). */
    static Sub = Sub;

    getFoo() {
      return jspb.Message.getFieldWithDefault(this, 1, '');
    }
    setFoo(value) {
      return jspb.Message.setProto3StringField(this, 1, value);
    }
    getThisIs() {
      return jspb.Message.getFieldWithDefault(this, 2, '');
    }
    setThisIs(value) {
      return jspb.Message.setProto3StringField(this, 2, value);
    }
    getAnother() {
      return jspb.Message.getFieldWithDefault(this, 3, 0);
    }
    setAnother(value) {
      return jspb.Message.setProto3IntField(this, 3, value);
    }
    getSub() {
      return Sub ? jspb.Message.getWrapperField(this, Sub, 4) : undefined;
    }
    setSub(value) {
      return jspb.Message.setWrapperField(this, 4, value);
    }
    static serializeBinaryToWriter(message, writer) {
      const foo = message.getFoo();
      if (foo.length > 0) writer.writeString(1, foo);
      const thisIs = message.getThisIs();
      if (thisIs.length > 0) writer.writeString(2, thisIs);
      const another = message.getAnother();
      if (another !== 0) writer.writeInt32(3, another);
      const sub = message.getSub();
      if (sub != null) writer.writeMessage(4, sub, Sub.serializeBinaryToWriter);
    }
    static deserializeBinaryFromReader(message, reader) {
      return readFields(message, reader, (field) => {
        if (field === 1) message.setFoo(reader.readString());
        else if (field === 2) message.setThisIs(reader.readString());
        else if (field === 3) message.setAnother(reader.readInt32());
        else if (field === 4 && Sub) {
          const sub = new Sub();
          reader.readMessage(sub, Sub.deserializeBinaryFromReader);
          message.setSub(sub);
        } else return false;
        return true;
      });
    }
  };
}

/** wcb.msg.Object1Message { string foo = 1; string this_is = 2; int32 another = 3; } */
export const Object1Message = smallObjectClass();
/** wcb.msg.Object2Message: Object1Message's fields and Object1Message sub = 4. */
export const Object2Message = smallObjectClass(Object1Message);
/** wcb.msg.Object3Message: Object1Message's fields and Object2Message sub = 4. */
export const Object3Message = smallObjectClass(Object2Message);
