// Which JS values are JSON-like, for both strategies that walk them in JS:
// the check of a value that JSON.stringify would change silently
// (checkJsonSafe, for the `text` strategy), and the error that names a bad
// value's path (valueProblem, ValueError), which the `tagged` writer
// (tagged-writer.mjs) throws too when its fast walk meets such a value. With
// `extended` (records), a Date and a Uint8Array are values.

import { MAX_DEPTH } from './tagged-form.mjs';

/** Whether `text` has no lone surrogate (UTF-8 cannot hold one). */
export const wellFormed =
  typeof String.prototype.isWellFormed === 'function'
    ? (text) => text.isWellFormed()
    : (text) => !/\p{Surrogate}/u.test(text); // in u mode only a lone surrogate matches

/** A value that is not JSON-like; its message names the value and its path ("undefined at $.a[2]"). */
export class ValueError extends Error {
  name = 'ValueError';
}

const MAX_PATH_CHARS = 160;

/**
 * The path step of an object key: ".key" for identifiers, '["key"]' (the
 * key as JSON text) otherwise, as the C++ side writes it (its ValuePath).
 */
export function pathStep(key) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** "$.features[3].id", as the C++ side writes paths (its ValuePath). */
export function pathText(steps) {
  let text = '$';
  for (const step of steps) {
    if (typeof step === 'number') text += `[${step}]`;
    else text += pathStep(step);
  }
  return text.length > MAX_PATH_CHARS ? `${text.slice(0, MAX_PATH_CHARS - 3)}...` : text;
}

/** Whether an object (not null) is a plain one: no class, or none but Object. */
export function isPlainObject(value) {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// The leaves extended mode adds: a Date and a Uint8Array (or a subclass: Buffer).
const isExtendedLeaf = (value) => value instanceof Date || value instanceof Uint8Array;

// What a value is that no document holds (null for a JSON-like leaf or container).
function badKind(value, { finite, extended }) {
  switch (typeof value) {
    case 'number':
      if (finite && !Number.isFinite(value)) return [String(value), 'JSON text cannot carry it'];
      return null;
    case 'string':
      return wellFormed(value) ? null : ['a string with a lone surrogate', 'UTF-8 cannot hold it'];
    case 'boolean':
      return null;
    case 'undefined':
      return ['undefined'];
    case 'object': {
      if (value === null || Array.isArray(value) || isPlainObject(value)) return null;
      if (extended && isExtendedLeaf(value)) return null;
      const tag = Object.prototype.toString.call(value).slice(8, -1);
      const allowed = extended
        ? 'only plain objects, arrays, Dates and Uint8Arrays'
        : 'only plain objects and arrays';
      const article = /^[AEIO]/.test(tag) ? 'an' : 'a'; // an ArrayBuffer, a Map, a Uint8Array
      return [tag === 'Object' ? 'an object of a class' : `${article} ${tag}`, allowed];
    }
    default:
      return [`a ${typeof value}`];
  }
}

/**
 * Why `value` is not a document, naming the path of the first bad part
 * ("a Date at $.a (only plain objects and arrays)"), or null. With
 * `finite`, NaN and ±Infinity are bad too (JSON text cannot carry them);
 * with `extended`, a Date and a Uint8Array are values. Slow (it keeps the
 * path): for the error message after a fast walk failed.
 */
export function valueProblem(value, { finite = false, extended = false } = {}) {
  const steps = [];
  const visit = (item, depth) => {
    const bad = badKind(item, { finite, extended });
    if (bad) return `${bad[0]} at ${pathText(steps)}${bad[1] ? ` (${bad[1]})` : ''}`;
    if (item === null || typeof item !== 'object') return null;
    if (extended && isExtendedLeaf(item)) return null;
    if (depth >= MAX_DEPTH)
      return `nesting deeper than ${MAX_DEPTH} levels (or a cycle) at ${pathText(steps)}`;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        steps.push(i);
        const problem = visit(item[i], depth + 1);
        if (problem) return problem;
        steps.pop();
      }
      return null;
    }
    for (const key of Object.keys(item)) {
      steps.push(key);
      if (!wellFormed(key)) return `a key with a lone surrogate at ${pathText(steps)} (UTF-8 cannot hold it)`;
      const problem = visit(item[key], depth + 1);
      if (problem) return problem;
      steps.pop();
    }
    return null;
  };
  return visit(value, 0);
}

/** The ValueError of a value a fast walk refused (options as valueProblem's). */
export function valueError(value, options) {
  return new ValueError(valueProblem(value, options) ?? 'a value that changed while it was read (a getter?)');
}

// Whether JSON.stringify writes `value` so that JSON.parse gives it back:
// no NaN or ±Infinity, undefined, function, symbol, bigint, lone surrogate,
// object other than a plain one or an array, nor nesting deeper than
// MAX_DEPTH (which also stops a cycle). Fast: no path; valueProblem says
// where.
function jsonSafe(value, depth) {
  switch (typeof value) {
    case 'number':
      return value - value === 0; // false for NaN and ±Infinity
    case 'string':
      return wellFormed(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!jsonSafe(value[i], depth + 1)) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        if (!wellFormed(key) || !jsonSafe(value[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Throws a ValueError unless jsonSafe(value). */
export function checkJsonSafe(value) {
  if (!jsonSafe(value, 0)) throw valueError(value, { finite: true });
}
