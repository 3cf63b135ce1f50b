// Tagged JSON for the fake message codecs of the tests: records to bytes and
// back with their Dates and Uint8Arrays intact. Not a test itself.

export function encodeTaggedJson(record) {
  return new TextEncoder().encode(
    JSON.stringify(record, function (key, value) {
      const raw = this[key];
      if (raw instanceof Date) return { $date: raw.getTime() };
      if (raw instanceof Uint8Array) return { $bytes: [...raw] };
      return value;
    }),
  );
}

export function decodeTaggedJson(bytes) {
  return JSON.parse(new TextDecoder().decode(bytes), (key, value) => {
    if (value && typeof value === 'object' && '$date' in value) return new Date(value.$date);
    if (value && typeof value === 'object' && '$bytes' in value) return Uint8Array.from(value.$bytes);
    return value;
  });
}
