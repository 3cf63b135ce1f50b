// The fastest-library sets of the documents workload's block runs
// (docs/design.md#blocks), per place and operation: the registry names of
// the libraries a path must beat to be "faster than the fastest library".
// Written by scripts/fastest-libraries.mjs from sweep results (its rule:
// within 2x of the fastest library at some unit of the sweep, decode
// among libraries returning plain values, at most 4); do not edit by hand.

export const FASTEST_LIBRARIES_FILE = 'src/workloads/documents/fastest-libraries.mjs';

/** The sweep each place's sets come from. */
export const FASTEST_LIBRARIES_SOURCES = {
  node: '2026-12-03T09:27:47.575Z node v20.20.2 on Intel(R) Xeon(R) Processor',
  chromium: '2026-12-03T09:34:04.838Z chromium 156.0.8078.114 on Intel(R) Xeon(R) Processor',
  firefox: '2026-12-03T10:40:02.128Z firefox 153.8.0 on Intel(R) Xeon(R) Processor',
  webkit: 'no WebKit sweep yet: the union of the chromium and firefox sets',
};

export const FASTEST_LIBRARIES = {
  node: {
    encode: ['msgpackr', '@msgpack/msgpack', 'v8', 'msgpackr-records'],
    decode: ['msgpackr', 'msgpackr-records', 'cbor-x', 'v8'],
  },
  chromium: {
    encode: ['msgpackr', 'msgpackr-records', '@msgpack/msgpack', 'cbor-x'],
    decode: ['msgpackr', 'msgpackr-records', 'cbor-x', '@msgpack/msgpack'],
  },
  firefox: {
    encode: ['msgpackr', 'cbor-x', 'msgpackr-records', '@msgpack/msgpack'],
    decode: ['msgpackr', 'msgpackr-records', 'notepack.io', 'cbor-x'],
  },
  webkit: {
    encode: ['msgpackr', 'msgpackr-records', '@msgpack/msgpack', 'cbor-x'],
    decode: ['msgpackr', 'msgpackr-records', 'cbor-x', '@msgpack/msgpack', 'notepack.io'],
  },
};
