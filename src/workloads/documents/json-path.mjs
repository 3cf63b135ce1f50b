// The JSON baseline of the documents workload (datasets.mjs): the whole
// value through JSON.stringify / JSON.parse, nothing around it. Each path
// has encode/decode/bytesOf itself and, as the peers' documents paths do,
// forDataset(dataset) giving the same three (JSON holds every data set, and
// keeps key order).

import { JSON_BASELINE_LIBRARY, JSON_UTF8_VARIANT } from '../../catalog.mjs';

function documentPath(meta, { encode, decode }) {
  const calls = { encode, decode, bytesOf: (encoded) => encoded, keyOrder: true };
  return { ...meta, ...calls, forDataset: () => calls };
}

/** The JSON baseline for documents: encode(value) -> text, decode(text) -> value; bytesOf gives the text. */
export function createJsonDocumentPath() {
  return documentPath(
    { codec: 'json', impl: 'js', interop: 'js', library: JSON_BASELINE_LIBRARY },
    { encode: (value) => JSON.stringify(value), decode: (text) => JSON.parse(text) },
  );
}

/** The UTF-8 JSON baseline for documents: the text through TextEncoder / TextDecoder. */
export function createJsonUtf8DocumentPath() {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return documentPath(
    { codec: 'json', impl: 'js', interop: 'js', variant: JSON_UTF8_VARIANT, library: JSON_BASELINE_LIBRARY },
    {
      encode: (value) => encoder.encode(JSON.stringify(value)),
      decode: (bytes) => JSON.parse(decoder.decode(bytes)),
    },
  );
}
