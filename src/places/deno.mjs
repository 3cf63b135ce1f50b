// Deno, a runtime: V8 (a newer one than Node's) on the server, installed from
// npm on first use (runtimes.json). It runs node/bench.mjs through its Node
// compatibility and calls itself Node 26 through process.version;
// globalThis.Deno says what it is.

export default {
  name: 'deno',
  kind: 'runtime',
  label: 'Deno',
  engine: 'V8',
  order: 3,
  isCurrent: () => Boolean(globalThis.Deno),
  versions: () => ({ version: globalThis.Deno.version.deno, v8: globalThis.Deno.version.v8 }),
  // V8's flags go through --v8-flags; a forked child takes --expose-gc (Deno's fork translates it).
  launch: (binary, script) => [binary, 'run', '-A', '--v8-flags=--expose-gc', script],
  childFlags: ['--expose-gc'],
  gc: { how: 'globalThis.gc() (--v8-flags=--expose-gc)', force: () => globalThis.gc },
  install: { npm: '@deno/linux-x64-glibc' },
  answer: { runtimes: ['deno'], firstLookMinutes: 1.5 },
};
