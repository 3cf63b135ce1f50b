// The fastest-library sets of the messages workload's block runs
// (docs/design.md#blocks), per place and operation: the registry names of
// the libraries a path must beat to be "faster than the fastest library".
// Written by scripts/fastest-libraries.mjs from sweep results (its rule:
// within 2x of the fastest library at some unit of the sweep, decode
// among libraries returning plain values, at most 4); do not edit by hand.

export const FASTEST_LIBRARIES_FILE = 'src/workloads/messages/fastest-libraries.mjs';

/** The sweep each place's sets come from. */
export const FASTEST_LIBRARIES_SOURCES = {
  node: '2026-12-03T09:48:41.670Z node v20.20.2 on Intel(R) Xeon(R) Processor',
  chromium: '2026-12-03T10:07:56.734Z chromium 156.0.8078.114 on Intel(R) Xeon(R) Processor',
  firefox: '2026-12-03T10:41:43.171Z firefox 153.8.0 on Intel(R) Xeon(R) Processor',
  webkit: 'no WebKit sweep yet: the union of the chromium and firefox sets',
};

export const FASTEST_LIBRARIES = {
  node: {
    encode: ['avsc', 'avro-js', 'msgpackr', 'cbor-x'],
    decode: ['avsc', 'avro-js', 'protobufjs', 'js-binary'],
  },
  chromium: {
    encode: ['msgpackr', '@msgpack/msgpack', 'cbor-x', 'msgpackr-records'],
    decode: ['avsc', 'protobufjs', 'protons', 'pbf'],
  },
  firefox: {
    encode: ['msgpackr', 'protobuf-ts', 'cbor-x', 'protobufjs'],
    decode: ['avsc', 'js-binary', 'protobufjs', 'pbf'],
  },
  webkit: {
    encode: ['msgpackr', '@msgpack/msgpack', 'cbor-x', 'msgpackr-records', 'protobuf-ts', 'protobufjs'],
    decode: ['avsc', 'protobufjs', 'protons', 'pbf', 'js-binary'],
  },
};
