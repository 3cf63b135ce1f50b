// The loops between JS items and the wasm heap of src/harness/wasm-codec.mjs,
// and the check of what encode accepts as an item (docs/design.md#bad-input).
// Environment-agnostic, like wasm-codec.mjs.
//
// Item layout (src/core/item.h): 24 bytes, x at int32 index 6i, y and z at
// float64 indexes 3i+1 and 3i+2, counted from the item buffer.
//
// The loops are functions of their own so V8 optimizes each once
// (docs/decisions/boundary-and-marshalling.md#heap-loop-deopt).

// An item is what the C++ Item holds exactly: x an int32 that is not -0 (the
// int32 field would turn -0 into 0), y and z any number (NaN and the
// infinities round-trip bit for bit). Anything else used to be written
// coerced (2**31 as -2**31, 1.5 as 1, "7" as 7, a missing y as NaN).
// typeof first: `x | 0` would call an object's valueOf.
const isInt32 = (x) => typeof x === 'number' && (x | 0) === x && (x !== 0 || 1 / x > 0);

/**
 * Writes `items` ({x, y, z} objects) at `pointer` in the wasm heap, checking
 * each on the way. Returns -1, or the index of the first item that is not
 * {x: int32, y: number, z: number} (the items before it are written).
 */
export function itemsToHeap(int32, float64, pointer, items) {
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item !== 'object' || item === null) return i;
    const x = item.x;
    const y = item.y;
    const z = item.z;
    if (!isInt32(x) || typeof y !== 'number' || typeof z !== 'number') return i;
    int32[xIndex] = x;
    float64[yIndex] = y;
    float64[yIndex + 1] = z;
    xIndex += 6;
    yIndex += 3;
  }
  return -1;
}

/** Whether `item` is {x: int32, y: number, z: number} (the check of itemsToHeap). */
export function isItem(item) {
  return (
    typeof item === 'object' &&
    item !== null &&
    isInt32(item.x) &&
    typeof item.y === 'number' &&
    typeof item.z === 'number'
  );
}

// A value as the error shows it: strings quoted, -0 kept, types otherwise.
function shown(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The Error for item `index`, which failed the check: the same words as the
 * C++ check of the val strategy (the tuple workload's bindings.cpp), e.g.
 * "msgpack: item 3: x must be an int32, got 1.5".
 */
export function invalidItemError(codec, index, item) {
  const where = `${codec}: item ${index}`;
  if (typeof item !== 'object' || item === null) {
    return new Error(`${where} is not an object (got ${shown(item)})`);
  }
  for (const [field, ok, expected] of [
    ['x', isInt32, 'an int32'],
    ['y', (v) => typeof v === 'number', 'a number'],
    ['z', (v) => typeof v === 'number', 'a number'],
  ]) {
    const value = item[field];
    if (value === undefined) return new Error(`${where}: ${field} is missing`);
    if (!ok(value)) return new Error(`${where}: ${field} must be ${expected}, got ${shown(value)}`);
  }
  // Not reached for an item the check refused; a getter may answer differently twice.
  return new Error(`${where} changed while it was read`);
}

/** Writes the columns x (Int32Array), y and z (Float64Array) at `pointer`, in the items' layout. */
export function columnsToHeap(int32, float64, pointer, x, y, z) {
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < x.length; i++) {
    int32[xIndex] = x[i];
    float64[yIndex] = y[i];
    float64[yIndex + 1] = z[i];
    xIndex += 6;
    yIndex += 3;
  }
}

/**
 * Builds `count` plain {x, y, z} objects from the items at `pointer` in the
 * wasm heap: one shared loop into an array allocated at its final length
 * (docs/decisions/boundary-and-marshalling.md#decode-object-loop).
 */
export function itemsFromHeap(int32, float64, pointer, count) {
  const items = new Array(count);
  let xIndex = pointer >>> 2;
  let yIndex = (pointer >>> 3) + 1;
  for (let i = 0; i < count; i++) {
    items[i] = { x: int32[xIndex], y: float64[yIndex], z: float64[yIndex + 1] };
    xIndex += 6;
    yIndex += 3;
  }
  return items;
}

/** Columns {x: Int32Array, y: Float64Array, z: Float64Array} of an array of {x, y, z}. */
export function columnsFromItems(items) {
  const count = items.length;
  const x = new Int32Array(count);
  const y = new Float64Array(count);
  const z = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const item = items[i];
    x[i] = item.x;
    y[i] = item.y;
    z[i] = item.z;
  }
  return { x, y, z };
}

/** Plain {x, y, z} objects from columns (the inverse of columnsFromItems). */
export function itemsFromColumns({ x, y, z }) {
  const items = new Array(x.length);
  for (let i = 0; i < x.length; i++) items[i] = { x: x[i], y: y[i], z: z[i] };
  return items;
}
