// The records of the `messages` workload in JS: the same values as
// src/workloads/messages/messages.cpp builds in C++ (the tests compare the two), one per
// record name, in the C++ Kind order.
//
// JS types of the two fields JSON has no type for: a timestamp is a Date
// (milliseconds), binary data a Uint8Array. A record's floats (latitude,
// longitude) hold Math.fround() values, so a float32 field round-trips them
// exactly.

import { RECORD_NAMES } from './workload.mjs';

/** The record names (the catalog's), in the C++ Kind order. */
export const MESSAGE_NAMES = RECORD_NAMES;

const DESCRIPTION =
  'Augusta Ada King, Countess of Lovelace, wrote the first published algorithm ' +
  "intended for a machine: notes on Babbage's Analytical Engine (1843). " +
  'Ünïcödé in the middle — “quotes”, tabs\tand\nnewlines — so escaping costs ' +
  'something, then plain ASCII to the end of a text of about three hundred bytes.';

function binaryPayload() {
  // All 256 byte values, permuted (see messages.cpp).
  const data = new Uint8Array(256);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + 11) & 0xff;
  return data;
}

/**
 * A fresh copy of the record called `name` (callers may keep or mutate it).
 * Throws for an unknown name.
 */
export function makeMessage(name) {
  switch (name) {
    case 'bool':
      return { value: true };
    case 'int':
      return { value: -123456789 };
    case 'double':
      return { value: 3.141592653589793 };
    case 'string':
      return { value: 'Grüße, 世界! wasm ✓ 🚀' };
    case 'array':
      return { value: [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] };
    case 'nested':
      return { value: { level2: { level3: { flag: true, count: 3, label: 'deep' } } } };
    case 'record':
      return {
        id: 123456789,
        active: true,
        score: 0.30000000000000004,
        balance: -98765.4321,
        latitude: Math.fround(52.520008),
        longitude: Math.fround(13.404954),
        createdAt: new Date(Date.UTC(2026, 10, 30, 12, 34, 56, 789)),
        name: 'Ada Lovelace',
        description: DESCRIPTION,
        tags: [1, 'two', 3.5, false],
      };
    case 'binary':
      return { name: 'blob-256', data: binaryPayload() };
    case 'object1':
      return { foo: 'bar', thisIs: 'a small object', another: 1234 };
    case 'object2':
      return {
        foo: 'bar',
        thisIs: 'an object with a sub-object',
        another: 1234,
        sub: { foo: 'baz', thisIs: 'the sub-object', another: 5678 },
      };
    case 'object3':
      return {
        foo: 'bar',
        thisIs: 'an object two levels deep',
        another: 1234,
        sub: {
          foo: 'baz',
          thisIs: 'the first sub-object',
          another: 5678,
          sub: { foo: 'qux', thisIs: 'the second sub-object', another: 9012 },
        },
      };
    default:
      throw new Error(`unknown message record "${name}" (known: ${MESSAGE_NAMES.join(', ')})`);
  }
}

/**
 * Why `actual` is not exactly `expected`, or null when it is: the same keys
 * (own enumerable, any order), numbers compared with Object.is (bit for bit,
 * -0 included), Dates by time, Uint8Arrays (or subclasses such as Buffer) by
 * bytes. `path` names the place of the first difference.
 */
export function messageDifference(expected, actual, path = '$') {
  if (typeof expected === 'number' || typeof expected === 'boolean' || typeof expected === 'string') {
    return Object.is(expected, actual) ? null : `${path}: expected ${show(expected)}, got ${show(actual)}`;
  }
  if (expected instanceof Date) {
    if (!(actual instanceof Date)) return `${path}: expected a Date, got ${describe(actual)}`;
    return Object.is(expected.getTime(), actual.getTime())
      ? null
      : `${path}: expected ${expected.toISOString()}, got ${show(actual.getTime())}`;
  }
  if (expected instanceof Uint8Array) {
    if (!(actual instanceof Uint8Array)) return `${path}: expected a Uint8Array, got ${describe(actual)}`;
    if (actual.length !== expected.length)
      return `${path}: expected ${expected.length} bytes, got ${actual.length}`;
    const at = expected.findIndex((byte, i) => byte !== actual[i]);
    return at < 0 ? null : `${path}[${at}]: expected byte ${expected[at]}, got ${actual[at]}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${describe(actual)}`;
    if (actual.length !== expected.length)
      return `${path}: expected ${expected.length} elements, got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const difference = messageDifference(expected[i], actual[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return `${path}: expected an object, got ${describe(actual)}`;
  const expectedKeys = Object.keys(expected).sort();
  const actualKeys = Object.keys(actual).sort();
  if (expectedKeys.join(',') !== actualKeys.join(','))
    return `${path}: expected keys ${expectedKeys.join(', ')}, got ${actualKeys.join(', ')}`;
  for (const key of expectedKeys) {
    const difference = messageDifference(expected[key], actual[key], `${path}.${key}`);
    if (difference) return difference;
  }
  return null;
}

function show(value) {
  return typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)
    : String(value);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return `${typeof value} ${show(value)}`;
}
