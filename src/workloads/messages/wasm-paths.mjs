// A wasm codec's messages API (src/workloads/messages/wasm-messages.mjs) as
// message paths of the per-call protocol (src/workloads/messages/measure.mjs):
// one per strategy, and the row descriptions of its floors. The Node-API
// addon's codecs (addon-messages.mjs) take the same shape.

// What names a path of `codec` or one of its floors. A codec that names its
// place (the Node-API addon's: addon-messages.mjs) gives it to its paths, so
// their rows say it (rows.mjs pathFields).
const fieldsOf = (codec, interop, variant) => ({
  ...(codec.place && { place: codec.place }),
  codec: codec.name,
  impl: 'cpp',
  interop,
  ...(variant && { variant }),
  library: codec.messages?.libraryVersion ?? codec.libraryVersion,
});

/** The variant of a floor row: the call without the codec's work. */
export const FLOOR_VARIANT = 'floor';

/**
 * A wasm codec's messages API (wasm-codec.mjs `codec.messages`) through one
 * strategy as a message path. Records the strategy does not offer
 * (supports() false) are 'n/a'.
 */
export function createWasmMessagePath(codec, strategy) {
  const messages = codec.messages;
  if (!messages) throw new Error(`${codec.name}: no message codec in this module`);
  if (!messages.strategies.includes(strategy)) {
    throw new Error(
      `${codec.name}: no messages strategy '${strategy}' (has ${messages.strategies.join(', ')})`,
    );
  }
  return {
    ...fieldsOf(codec, strategy),
    notApplicable(name) {
      if (messages.supports(strategy, name)) return undefined;
      return `${codec.name}/${strategy}: record "${name}" is not offered through ${strategy} (it cannot map it to plain JS values)`;
    },
    forRecord(name) {
      const calls = boundCalls(messages, strategy, name);
      return { encode: calls.encode, decode: calls.decode, prepareDecode: calls.prepareDecode };
    },
  };
}

// The calls of one (strategy, record) with no lookup per call: the API's
// own bound functions (boundary-checks.mjs forRecord).
export const boundCalls = (messages, strategy, name) => messages.forRecord(strategy, name);

/** The row description of a strategy's floor (the call without the codec's work). */
export const wasmFloorPath = (codec, strategy) => fieldsOf(codec, strategy, FLOOR_VARIANT);

/** The row description of a module's empty call. */
export const emptyCallPath = (codec) => wasmFloorPath(codec, 'call');
