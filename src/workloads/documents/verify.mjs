// Verification of a documents path (docs/documents.md#verification): a
// decode must give back the input by deep structural equality before
// anything is timed.
//
//   - the same type at every place; only null, booleans, numbers, strings,
//     arrays and plain objects count as JSON types: a Map, a class instance,
//     a Buffer or a bigint where the input had something else is a
//     difference of type (a peer's toPlain may convert its own types first,
//     outside the timed region);
//   - numbers by Object.is, except that -0 equals 0 (several formats write
//     -0 as the integer 0); NaN equals NaN;
//   - strings exactly, arrays in order;
//   - objects with the same keys, in the same order unless keyOrder is
//     false (a format that sorts keys or keeps them in a map).
//
// Paths read "$.features[3].geometry", '$["key with space"]'.

import { isPlainObject, pathStep } from '../../tagged/value-checks.mjs';

function typeOf(value) {
  if (value === null) return 'null';
  const type = typeof value;
  if (type !== 'object') return type;
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  return value.constructor?.name ? `${value.constructor.name} instance` : 'non-plain object';
}

function brief(value) {
  let text;
  try {
    text = typeof value === 'bigint' ? `${value}n` : JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

// How much of each string is shown on either side of a difference far into it.
const CONTEXT = 24;

/**
 * Two strings that differ, in words. Cut at their start (brief), two long
 * strings that share a long start would read alike, so past that the text
 * is cut around the first difference and says where it is: "strings differ
 * at character 76 (expected "... before it is rejected.", got "... before
 * it is refused.")".
 */
export function stringDifference(expected, actual) {
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  const [shownExpected, shownActual] = [brief(expected), brief(actual)];
  if (shownExpected !== shownActual) return `strings differ (expected ${shownExpected}, got ${shownActual})`;
  const around = (text) => {
    const start = Math.max(0, at - CONTEXT);
    const end = Math.min(text.length, at + CONTEXT);
    const shown = JSON.stringify(text.slice(start, end)).slice(1, -1);
    return `"${start > 0 ? '...' : ''}${shown}${end < text.length ? '...' : ''}"`;
  };
  const lengths =
    expected.length === actual.length ? '' : `, lengths ${expected.length} and ${actual.length}`;
  return `strings differ at character ${at}${lengths} (expected ${around(expected)}, got ${around(actual)})`;
}

function sameNumber(a, b) {
  return a === b || (a !== a && b !== b); // === has -0 == 0; NaN only equals itself here
}

// Returns the first difference below `path` as text, or null.
function compare(expected, actual, keyOrder, path) {
  const expectedType = typeOf(expected);
  const actualType = typeOf(actual);
  if (expectedType !== actualType)
    return `${path}: types differ (expected ${expectedType}, got ${actualType})`;
  switch (expectedType) {
    case 'number':
      return sameNumber(expected, actual)
        ? null
        : `${path}: numbers differ (expected ${expected}, got ${actual})`;
    case 'string':
      return expected === actual ? null : `${path}: ${stringDifference(expected, actual)}`;
    case 'null':
      return null;
    case 'array': {
      if (expected.length !== actual.length)
        return `${path}: array lengths differ (expected ${expected.length}, got ${actual.length})`;
      for (let i = 0; i < expected.length; i++) {
        const difference = compare(expected[i], actual[i], keyOrder, `${path}[${i}]`);
        if (difference) return difference;
      }
      return null;
    }
    case 'object':
      return compareObjects(expected, actual, keyOrder, path);
    default:
      // booleans, and any other type both sides share (two bigints, two Maps...).
      return Object.is(expected, actual)
        ? null
        : `${path}: values differ (expected ${brief(expected)}, got ${brief(actual)})`;
  }
}

function compareObjects(expected, actual, keyOrder, path) {
  const expectedKeys = Object.keys(expected);
  const actualKeys = Object.keys(actual);
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  for (const key of expectedKeys) {
    if (!has(actual, key)) return `${path}${pathStep(key)}: key missing from the decoded value`;
  }
  for (const key of actualKeys) {
    if (!has(expected, key)) return `${path}${pathStep(key)}: key not in the input`;
  }
  if (keyOrder) {
    for (let i = 0; i < expectedKeys.length; i++) {
      if (expectedKeys[i] !== actualKeys[i])
        return `${path}: key order differs (key ${i} is ${brief(actualKeys[i])}, expected ${brief(expectedKeys[i])})`;
    }
  }
  for (const key of expectedKeys) {
    const difference = compare(expected[key], actual[key], keyOrder, `${path}${pathStep(key)}`);
    if (difference) return difference;
  }
  return null;
}

/**
 * The first place where `actual` differs from `expected`, as
 * "<path>: <what>", or null when they are equal by the rules above.
 */
export function firstDifference(expected, actual, { keyOrder = true } = {}) {
  return compare(expected, actual, keyOrder, '$');
}

/**
 * Throws Error("<difference> (decoded by <by>)") unless `actual` equals
 * `expected` (firstDifference).
 */
export function verifyDocument(expected, actual, { keyOrder = true, by = 'the path' } = {}) {
  const difference = firstDifference(expected, actual, { keyOrder });
  if (difference !== null) throw new Error(`${difference} (decoded by ${by})`);
}
