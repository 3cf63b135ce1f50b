// Decoded-object cleanliness (the growing-tuple benchmark's "negative
// effects" table): is what a decoder hands back what `JSON.parse` would,
// i.e. an array of plain objects whose only properties are x, y and z?
//
// A decoder can be fast by returning something else: class instances
// (protobufjs message objects, avsc records, flatbuffers' object API), objects with
// getters, extra bookkeeping fields, or a wrapper the caller must unwrap.
// Those cost the user later (hidden-class changes, JSON.stringify output,
// spreading, structuredClone, postMessage), so the report shows them beside
// the times.
//
// The checks run outside every timed region, on the decoder's own result
// (before any conversion the harness does to verify it).

export const EXPECTED_KEYS = Object.freeze(['x', 'y', 'z']);

// Past this many items only a spread sample is checked (first, last, and
// evenly spaced ones between): decoders build every item the same way, and
// checking millions of objects would dominate a sweep's run time.
export const DEFAULT_SAMPLE_LIMIT = 10_000;

function withArticle(name) {
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
}

function describeValue(value) {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === null) return 'an object with a null prototype';
  if (prototype === Object.prototype) return 'a plain object';
  // The nearest named constructor up the chain (protobufjs' message types
  // are anonymous functions inheriting from Message).
  for (let link = prototype; link && link !== Object.prototype; link = Object.getPrototypeOf(link)) {
    const name = Object.prototype.hasOwnProperty.call(link, 'constructor') && link.constructor?.name;
    if (name)
      return link === prototype ? `${withArticle(name)} instance` : `an instance of a subclass of ${name}`;
  }
  return 'an object with a custom prototype';
}

function describeKey(key) {
  return typeof key === 'symbol' ? key.toString() : key;
}

/**
 * The findings for one decoded item:
 *   plainObject     Object.getPrototypeOf(item) === Object.prototype
 *   exactKeys       its own properties (enumerable or not, strings and
 *                   symbols) are exactly x, y and z
 *   dataProperties  x, y and z are own, enumerable data properties (a value,
 *                   no getter or setter)
 * plus `problems`: what is wrong, in words (empty when clean).
 */
export function inspectItem(item) {
  const problems = [];
  if (item === null || typeof item !== 'object') {
    const problem = `is ${describeValue(item)}, not an object`;
    return { plainObject: false, exactKeys: false, dataProperties: false, problems: [problem] };
  }
  const plainObject = Object.getPrototypeOf(item) === Object.prototype;
  if (!plainObject) problems.push(`is ${describeValue(item)}, not a plain object`);

  const keys = Reflect.ownKeys(item);
  const extra = keys.filter((key) => !EXPECTED_KEYS.includes(key));
  const missing = EXPECTED_KEYS.filter((key) => !keys.includes(key));
  const exactKeys = extra.length === 0 && missing.length === 0;
  if (extra.length > 0) problems.push(`has extra own properties ${extra.map(describeKey).join(', ')}`);
  if (missing.length > 0) problems.push(`lacks own properties ${missing.join(', ')}`);

  let dataProperties = true;
  for (const key of EXPECTED_KEYS) {
    const descriptor = Object.getOwnPropertyDescriptor(item, key);
    if (!descriptor) {
      dataProperties = false;
      continue;
    }
    if (descriptor.get || descriptor.set) {
      dataProperties = false;
      problems.push(`${key} is an accessor (getter/setter), not a data property`);
    } else if (!descriptor.enumerable) {
      dataProperties = false;
      problems.push(`${key} is not enumerable`);
    }
  }
  if (missing.length > 0) {
    // Say where the missing fields live instead, if anywhere: on the
    // prototype (accessors or defaults) or behind methods.
    const inherited = missing.filter((key) => key in item);
    if (inherited.length > 0)
      problems.push(`${inherited.join(', ')} come${inherited.length === 1 ? 's' : ''} from the prototype`);
  }
  return { plainObject, exactKeys, dataProperties, problems };
}

function sampleIndexes(length, limit) {
  if (length <= limit) return Array.from({ length }, (_, index) => index);
  const indexes = new Set([0, length - 1]);
  const stride = (length - 1) / (limit - 1);
  for (let i = 0; i < limit; i++) indexes.add(Math.round(i * stride));
  return [...indexes].sort((a, b) => a - b);
}

/**
 * Cleanliness of a decoder's result: `decoded` should be an array of plain
 * {x, y, z} objects. Returns { plainObject, exactKeys, dataProperties, clean,
 * detail? } (detail only when something is not clean, naming the first
 * offending item). A result that is not an array at all (a wrapper to
 * unwrap) fails every check.
 */
export function checkCleanliness(decoded, { sampleLimit = DEFAULT_SAMPLE_LIMIT } = {}) {
  if (!Array.isArray(decoded)) {
    return {
      plainObject: false,
      exactKeys: false,
      dataProperties: false,
      clean: false,
      detail: `the decoder returns ${describeValue(decoded)}, not an array of items: a wrapper to unwrap`,
    };
  }
  const result = { plainObject: true, exactKeys: true, dataProperties: true };
  let firstProblem;
  for (const index of sampleIndexes(decoded.length, sampleLimit)) {
    const finding = inspectItem(decoded[index]);
    result.plainObject &&= finding.plainObject;
    result.exactKeys &&= finding.exactKeys;
    result.dataProperties &&= finding.dataProperties;
    if (!firstProblem && finding.problems.length > 0)
      firstProblem = `item ${index} ${finding.problems.join('; ')}`;
    if (!result.plainObject && !result.exactKeys && !result.dataProperties) break;
  }
  result.clean = result.plainObject && result.exactKeys && result.dataProperties;
  if (firstProblem) result.detail = firstProblem;
  return result;
}
