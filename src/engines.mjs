// The JavaScript (and wasm) engine of a results header's runtime, and the
// label a reader sees ("Bun 1.4.4 (JavaScriptCore)"). Browser-safe: the
// places' declarations (src/places/) say their label and engine, registered
// here by whoever loaded them (src/places.mjs in Node, the page for its own
// browser); the report and the page label every file from them.

const registered = new Map();

/** Makes the places' declarations ({ name, label, engine }) known to engineOf and the labels. */
export function registerPlaces(declarations) {
  for (const place of declarations) registered.set(place.name, place);
}

// Browsers the page may run in that are no place bench:web drives (the brands of a userAgent).
const BRANDS = {
  chrome: { label: 'Chrome', engine: 'V8' },
  edge: { label: 'Edge', engine: 'V8' },
  opera: { label: 'Opera', engine: 'V8' },
  safari: { label: 'Safari', engine: 'JavaScriptCore' },
};

const factsOf = (name) => registered.get(String(name).toLowerCase()) ?? BRANDS[String(name).toLowerCase()];

/**
 * The engine of a results header's runtime ({ name, engine?, v8? }), or
 * undefined (native code); a header from before `engine` that has a V8
 * version ran V8.
 */
export function engineOf(runtime) {
  return runtime?.engine ?? factsOf(runtime?.name)?.engine ?? (runtime?.v8 ? 'V8' : undefined);
}

/** "Bun 1.4.4", "Node v24.22.3": a runtime and its version, for a reader (the addon's rows take it). */
export function runtimeLabel(runtime) {
  const name = factsOf(runtime.name)?.label ?? runtime.name.charAt(0).toUpperCase() + runtime.name.slice(1);
  return `${name} ${runtime.version}`;
}

/**
 * "Firefox 153.8.0 (SpiderMonkey)", "Node v20.20.2 (V8 11.3)", "Bun 1.4.4 (JavaScriptCore)": a
 * runtime and its engine, for a reader.
 */
export function engineLabel(runtime) {
  const engine = engineOf(runtime);
  return `${runtimeLabel(runtime)} (${engine}${runtime.v8 ? ` ${runtime.v8.split('.').slice(0, 2).join('.')}` : ''})`;
}
