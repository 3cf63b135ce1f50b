// The figures the JBB benchmark (JSON vs BSON vs MessagePack in Node.js)
// published for the data sets this workload remakes, shown in a clearly
// labelled reference row beside the measured ones. Its machine, Node.js
// version and data differ from this project's (its country polygons are not
// world-atlas's, its random JSON not this seed's), so the figures are a
// reference for the shape of the result, not a prediction. Only what it
// published is listed: JSON, BSON and MessagePack, encode / decode ms and
// raw / gzip -9 bytes (K = 1000 bytes).

export const JBB_SOURCE =
  'JBB benchmark (JSON vs BSON vs MessagePack, Node.js), published results: encode/decode ms; raw/gzip -9 size';

// By data set id: format -> { encodeMs, decodeMs, bytes, gzip9Bytes }.
const K = 1000;
const JBB = Object.freeze({
  'geo-110m': {
    label: '1. low-res country polygons, GeoJSON',
    JSON: { encodeMs: 5.8, decodeMs: 4.4, bytes: 251 * K, gzip9Bytes: 101 * K },
    BSON: { encodeMs: 33.7, decodeMs: 33.0, bytes: 349 * K, gzip9Bytes: 172 * K },
    MsgPack: { encodeMs: 6.0, decodeMs: 8.8, bytes: 214 * K, gzip9Bytes: 146 * K },
  },
  'geo-50m': {
    label: '2. high-res country polygons, GeoJSON',
    JSON: { encodeMs: 8.4, decodeMs: 13.9, bytes: 588 * K, gzip9Bytes: 204 * K },
    BSON: { encodeMs: 41.7, decodeMs: 48.0, bytes: 534 * K, gzip9Bytes: 207 * K },
    MsgPack: { encodeMs: 14.4, decodeMs: 18.5, bytes: 361 * K, gzip9Bytes: 184 * K },
  },
  'random-strings': {
    label: '3. random JSON, mostly strings (~961K)',
    JSON: { encodeMs: 5.1, decodeMs: 13.3, bytes: 752 * K, gzip9Bytes: 210 * K },
    BSON: { encodeMs: 33.6, decodeMs: 30.7, bytes: 801 * K, gzip9Bytes: 238 * K },
    MsgPack: { encodeMs: 18.5, decodeMs: 16.3, bytes: 667 * K, gzip9Bytes: 220 * K },
  },
  'jbb-repeated': {
    label: "4. 50,000 x {abcdef: 1, qqq: 13, '19': [1, 2, 3, 4]}",
    JSON: { encodeMs: 59.3, decodeMs: 84.0, bytes: 1806 * K, gzip9Bytes: 5.4 * K },
    BSON: { encodeMs: 237, decodeMs: 404, bytes: 3407 * K, gzip9Bytes: 129 * K },
    MsgPack: { encodeMs: 152, decodeMs: 153, bytes: 977 * K, gzip9Bytes: 2.5 * K },
  },
  'jbb-random': {
    label: '5. like 4 with Math.random() for abcdef and the four array values',
    JSON: { encodeMs: 118, decodeMs: 112, bytes: 6023 * K, gzip9Bytes: 2290 * K },
    BSON: { encodeMs: 304, decodeMs: 369, bytes: 4384 * K, gzip9Bytes: 1575 * K },
    MsgPack: { encodeMs: 168, decodeMs: 187, bytes: 2930 * K, gzip9Bytes: 1360 * K },
  },
});

export const JBB_FORMATS = Object.freeze(['JSON', 'BSON', 'MsgPack']);

/** JBB's published figures for a data set, or undefined when it has none. */
export const jbbReference = (dataset) => JBB[dataset];
