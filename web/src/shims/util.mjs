// The few members of Node's `util` that avsc's types use, for the page
// bundle (node/build-web.mjs maps `util` here). Only avsc needs them.

/** Classic prototype inheritance, as util.inherits does. */
export function inherits(constructor, superConstructor) {
  Object.defineProperty(constructor, 'super_', {
    value: superConstructor,
    writable: true,
    configurable: true,
  });
  Object.setPrototypeOf(constructor.prototype, superConstructor.prototype);
}

function formatValue(value) {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** printf-like formatting of %s, %d, %i, %f, %j, %o, %O and %% (error messages only). */
export function format(template, ...args) {
  if (typeof template !== 'string') return [template, ...args].map(formatValue).join(' ');
  let next = 0;
  const text = template.replace(/%[sdifjoO%]/g, (directive) => {
    if (directive === '%%') return '%';
    if (next >= args.length) return directive;
    const value = args[next++];
    if (directive === '%d' || directive === '%i' || directive === '%f') return String(Number(value));
    return formatValue(value);
  });
  return [text, ...args.slice(next).map(formatValue)].join(' ');
}

/** A debug logger that stays silent (no NODE_DEBUG in a page). */
export function debuglog() {
  const log = () => {};
  log.enabled = false;
  return log;
}

/** Returns the function unchanged: no deprecation warnings in the page. */
export function deprecate(fn) {
  return fn;
}

export default { inherits, format, debuglog, deprecate };
