// The fastest-library sets of the tuples workload's block runs
// (docs/design.md#blocks), per place and operation: the registry names of
// the libraries a path must beat to be "faster than the fastest library".
// Written by scripts/fastest-libraries.mjs from sweep results (its rule:
// within 2x of the fastest library at some unit of the sweep, decode
// among libraries returning plain values, at most 4); do not edit by hand.

export const FASTEST_LIBRARIES_FILE = 'src/workloads/tuples/fastest-libraries.mjs';

/** The sweep each place's sets come from. */
export const FASTEST_LIBRARIES_SOURCES = {
  node: '2026-12-03T08:07:32.969Z node v20.20.2 on Intel(R) Xeon(R) Processor',
  chromium: '2026-12-03T09:01:17.905Z chromium 156.0.8078.114 on Intel(R) Xeon(R) Processor',
  firefox: '2026-12-03T09:04:45.834Z firefox 153.8.0 on Intel(R) Xeon(R) Processor',
  webkit: 'no WebKit sweep yet: the union of the chromium and firefox sets',
};

export const FASTEST_LIBRARIES = {
  node: {
    encode: ['avro-js', 'avsc', 'msgpackr-records', 'pbf'],
    decode: ['pbf', 'js-binary', 'msgpackr-records', 'protons'],
  },
  chromium: {
    encode: ['msgpackr-records', 'msgpackr', 'cbor-x', 'pbf'],
    decode: ['msgpackr-records', 'js-binary', 'pbf', 'msgpackr'],
  },
  firefox: {
    encode: ['pbf', 'msgpackr-records', 'msgpackr', 'protobufjs'],
    decode: ['msgpackr-records', 'protons', 'pbf', 'notepack.io'],
  },
  webkit: {
    encode: ['msgpackr-records', 'msgpackr', 'cbor-x', 'pbf', 'protobufjs'],
    decode: ['msgpackr-records', 'js-binary', 'pbf', 'msgpackr', 'protons', 'notepack.io'],
  },
};
