// The phases of a wasm (or Node-API addon) call as the report and the page
// draw them: each operation's phase fields of a results row
// (src/harness/measure.mjs) with a reader's name and a colour, in call
// order. Browser-safe.

import { DECODE_PHASES, ENCODE_PHASES } from '../harness/measure.mjs';

const PHASE_NAMES = {
  marshalInMs: 'marshal in (JS -> C++)',
  codecMs: 'codec',
  bytesOutMs: 'bytes out (to JS)',
  bytesInMs: 'bytes in (JS -> C++)',
  marshalOutMs: 'marshal out (C++ -> JS)',
};

/** Per operation, its phases in call order: [{ key (the row's field), name }]. */
export const PHASES = Object.freeze({
  encode: ENCODE_PHASES.map((key) => ({ key, name: PHASE_NAMES[key] })),
  decode: DECODE_PHASES.map((key) => ({ key, name: PHASE_NAMES[key] })),
});

/** The bar of a path that has no phases (JSON baseline, JS libraries). */
export const WHOLE_CALL_PHASE = 'JSON (whole call)';

/** The colours of the phases, in call order, and of a whole-call bar. */
export const PHASE_COLORS = Object.freeze(['#4c78a8', '#f58518', '#54a24b']);
export const WHOLE_CALL_COLOR = '#9d9d9d';
