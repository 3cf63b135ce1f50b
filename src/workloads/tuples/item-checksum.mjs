// Order-sensitive 32-bit checksum over items, identical to src/workloads/tuples/item_checksum.h:
// FNV-1a over 32-bit words, each item contributing x, then the low and high
// words of y and of z.

const SEED = 2166136261;
const PRIME = 16777619;

const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);
// Typed arrays use the platform's byte order; every engine we target is
// little-endian, as is wasm.
const LOW = 0;
const HIGH = 1;

function mix(hash, word) {
  return Math.imul(hash ^ word, PRIME) >>> 0;
}

/** Checksum of an array of {x, y, z} objects. */
export function checksumItems(items) {
  let hash = SEED;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    hash = mix(hash, item.x >>> 0);
    scratch[0] = item.y;
    hash = mix(hash, words[LOW]);
    hash = mix(hash, words[HIGH]);
    scratch[0] = item.z;
    hash = mix(hash, words[LOW]);
    hash = mix(hash, words[HIGH]);
  }
  return hash >>> 0;
}
