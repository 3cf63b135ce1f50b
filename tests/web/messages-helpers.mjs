// Small results documents of the messages workload built in code, in the
// shape of src/results.schema.json's messageRow (the tests validate them).

/** opsStats from a median ops/s. */
export function opsStats(opsPerSec, callsPerRep = 1024) {
  const mad = opsPerSec * 0.01;
  return {
    opsPerSec: { median: opsPerSec, min: opsPerSec - mad, max: opsPerSec + mad, mad, n: 3 },
    nsPerOp: 1e9 / opsPerSec,
    callsPerRep,
  };
}

/**
 * One message row. `ops`: [encode, decode, roundTrip] median ops/s (roundTrip
 * left out for floors); `failed` / `notApplicable` make such a row.
 */
export function messageRow({
  place = 'node',
  codec,
  impl = 'cpp',
  interop,
  variant,
  library,
  batch,
  record,
  ops = [1e6, 1e6, 5e5],
  encodedBytes = 10,
  jsonBytes = 14,
  failed,
  notApplicable,
  boundaryShare,
}) {
  const row = { place, codec, impl, interop: interop ?? (impl === 'js' ? 'js' : 'val') };
  if (variant) row.variant = variant;
  if (library) row.library = library;
  if (batch) row.batch = batch;
  row.record = record;
  if (failed) return { ...row, status: 'failed', error: failed };
  if (notApplicable) return { ...row, status: 'n/a', reason: notApplicable };
  if (row.interop === 'call') return { ...row, status: 'ok', encode: opsStats(ops[0]) };
  Object.assign(row, {
    status: 'ok',
    encodedBytes,
    jsonBytes,
    encode: opsStats(ops[0]),
    decode: opsStats(ops[1]),
  });
  if (variant !== 'floor') row.roundTrip = opsStats(ops[2]);
  if (boundaryShare) row.boundaryShare = boundaryShare;
  return row;
}

const JSON_LIBRARY = 'JSON.stringify/JSON.parse';

/**
 * A messages document of one place: for records bool and record, the JSON
 * baseline, json/val with its floor and share, json/embind (n/a on record),
 * one peer (failed on record), and the module's empty call.
 */
export function messagesDocument(place = 'browser') {
  const rows = [];
  for (const [record, scale] of [
    ['bool', 10],
    ['record', 1],
  ]) {
    rows.push(
      messageRow({
        place,
        codec: 'json',
        impl: 'js',
        library: JSON_LIBRARY,
        batch: 'json',
        record,
        ops: [4e6 * scale, 2e6 * scale, 1e6 * scale],
      }),
      messageRow({
        place,
        codec: 'json',
        interop: 'val',
        library: 'nlohmann_json 3.11.2',
        batch: 'json/val',
        record,
        ops: [1e6 * scale, 8e6 * scale, 5e5 * scale],
        boundaryShare: { encode: 0.5, decode: 0.25 },
      }),
      messageRow({
        place,
        codec: 'json',
        interop: 'val',
        variant: 'floor',
        library: 'nlohmann_json 3.11.2',
        batch: 'json/val',
        record,
        ops: [2e6 * scale, 3.2e7 * scale],
      }),
      record === 'record'
        ? messageRow({
            place,
            codec: 'json',
            interop: 'embind',
            batch: 'json/embind',
            record,
            notApplicable: 'json/embind: record "record" is not offered through embind',
          })
        : messageRow({
            place,
            codec: 'json',
            interop: 'embind',
            batch: 'json/embind',
            record,
            ops: [5e5, 5e5, 2.5e5],
          }),
      record === 'record'
        ? messageRow({
            place,
            codec: 'bser',
            impl: 'js',
            library: 'bser 2.1.2',
            batch: 'bser',
            record,
            failed: 'bser: cannot represent a Date of record "record"',
          })
        : messageRow({
            place,
            codec: 'msgpack',
            impl: 'js',
            library: 'msgpackr 2.1.4',
            batch: 'msgpackr',
            record,
            ops: [8e6, 1.6e7, 4e6],
          }),
    );
  }
  rows.push(
    messageRow({
      place,
      codec: 'json',
      interop: 'call',
      variant: 'floor',
      batch: 'json/val',
      record: 'none',
      ops: [5e7],
    }),
  );
  return {
    schemaVersion: 1,
    run: {
      place,
      workload: 'messages',
      date: '2026-01-02T03:04:05Z',
      finished: true,
      machine: { os: 'linux', arch: 'x64', cpus: 2 },
      runtime: { name: place, version: '1' },
      build: { emscripten: '3.1.6', flags: '-O3' },
      protocol: { warmup: 1, repetitions: 3, records: ['bool', 'record'], minRepMs: 1 },
    },
    rows,
  };
}
