// Bun, a runtime: JavaScriptCore (WebKit's engine) on the server, installed
// from npm on first use (runtimes.json). It calls itself Node 26 through
// process.version; process.versions.bun says what it is.

export default {
  name: 'bun',
  kind: 'runtime',
  label: 'Bun',
  engine: 'JavaScriptCore',
  order: 2,
  isCurrent: () => Boolean(globalThis.Bun),
  // JavaScriptCore's version is the WebKit commit Bun builds from.
  versions: () => ({ version: globalThis.Bun.version, engineVersion: process.versions.webkit }),
  launch: (binary, script) => [binary, script],
  childFlags: [],
  // Its own collector call: synchronous and full with `true` (no globalThis.gc needed).
  gc: { how: 'Bun.gc(true)', force: () => globalThis.Bun?.gc && (() => globalThis.Bun.gc(true)) },
  install: { npm: '@oven/bun-linux-x64' },
  answer: { runtimes: ['bun'], firstLookMinutes: 1.1 },
};
