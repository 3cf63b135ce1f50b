// The codec gap: how much slower the same C++ codec code runs as WebAssembly
// in V8 than natively, with no JavaScript boundary involved. Runs
// wcb_codec_loop (src/loop/codec_loop.cpp) natively and as wasm in Node,
// alternating, and prints the medians and the wasm/native ratios.
//
//   npm run bench:gap -- [--codecs a,b] [--mb 10] [--rounds 3] [--repetitions 21]
//                        [--native <exe>]... [--wasm <cjs>]... [--addon] [--compress gzip|deflate-raw]
//
// --compress adds the compressor alone, wasm vs native: the loops also
// compress each codec's encoding with zlib (src/compress, the same source in
// both builds) and decompress it, and a second table gives those times and
// ratios (docs/design.md#compression). The addon programs do not take it.
//
// --addon adds the Node-API addon twice (node/addon-loop.mjs): `addon`, the
// same loop run inside the addon with no JS between the calls (the same
// machine code in Node's process: ~1.00 expected), and `addon-js`, the
// codec's time (codecMs) when JS calls the addon's typed path at every
// encode and decode, as bench:node's rows report it.
//
// Every --wasm is a build of wcb_codec_loop.cjs compared with the (first)
// native one; several make an A/B of build flags, each run in every round. A
// second --native (say, a clang build) is compared with the first the same way. A round runs
// each program once, in rotated order, so slow phases of a shared machine
// fall on all of them; each program's figure is the median of the rounds'
// medians. The programs check every decode bit for bit; the script checks
// that all of them encoded the same dataset to the same number of bytes.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT, parseArgv, parseNumber } from './options.mjs';
import { addonFile } from '../src/addon/load-addon.mjs';
import { median } from '../src/harness/stats.mjs';
import { alignFirstLeft, formatMB, formatMs, formatRatio, renderColumns } from '../src/harness/format.mjs';

const USAGE =
  'usage: npm run bench:gap -- [--codecs a,b] [--mb 10] [--rounds 3] [--repetitions 21] [--native <exe>]... [--wasm <cjs>]... [--addon] [--compress gzip|deflate-raw]';
// The formats the loops' zlib has (src/compress/compressor.h).
const LOOP_COMPRESSION = ['gzip', 'deflate-raw'];

function fail(message) {
  console.error(`codec-gap: ${message}\n${USAGE}`);
  process.exit(2);
}

const OPTIONS = {
  // No default: the loop runs every codec its build registered.
  codecs: { type: 'string' },
  mb: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
  repetitions: { type: 'string', default: '21' },
  native: {
    type: 'string',
    multiple: true,
    default: [join(REPO_ROOT, 'build/native-release/src/loop/wcb_codec_loop')],
  },
  wasm: { type: 'string', multiple: true, default: [join(REPO_ROOT, 'build/wasm/wcb_codec_loop.cjs')] },
  addon: { type: 'boolean' },
  compress: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const positive = (max) => ({ exclusiveMin: true, min: 0, max });

/**
 * A program's label: its kind alone, or with several of a kind its build
 * folder (the one under a build/: "wasm-emscripten-3.1.69", "native-clang19"),
 * else its number.
 */
function labelOf(kind, paths, index) {
  if (paths.length === 1) return kind;
  const folders = paths.map((path) => {
    const parts = resolve(path).split(sep);
    const at = parts.lastIndexOf('build');
    return at >= 0 ? parts[at + 1] : undefined;
  });
  const distinct = !folders.includes(undefined) && new Set(folders).size === folders.length;
  return distinct ? folders[index] : `${kind}${index + 1}`;
}

function parseOptions(argv) {
  let parsed;
  try {
    parsed = parseArgv(argv, OPTIONS);
  } catch (error) {
    fail(error.message);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const programs = [
    ...parsed.native.map((path, i) => ({
      label: labelOf('native', parsed.native, i),
      command: path,
      args: [],
    })),
    ...parsed.wasm.map((path, i) => ({
      label: labelOf('wasm', parsed.wasm, i),
      command: process.execPath,
      args: [path],
    })),
  ];
  for (const program of programs) program.compresses = true;
  if (parsed.compress !== undefined && !LOOP_COMPRESSION.includes(parsed.compress))
    fail(`--compress: unknown value '${parsed.compress}' (accepted: ${LOOP_COMPRESSION.join(', ')})`);
  if (parsed.addon) {
    if (!addonFile())
      fail('the Node-API addon is not built: build it first (scripts/build-native.sh native-release)');
    const script = join(REPO_ROOT, 'node', 'addon-loop.mjs');
    // The loop inside the addon, and the addon called from JS at every encode and decode.
    programs.push({ label: 'addon', command: process.execPath, args: [script, '--through', 'loop'] });
    programs.push({ label: 'addon-js', command: process.execPath, args: [script, '--through', 'calls'] });
  }
  for (const program of programs) {
    const file = program.args[0] ?? program.command;
    if (!existsSync(file))
      fail(`${file} not found: build it first (scripts/build-native.sh, scripts/build-wasm.sh)`);
    program.file = relative(REPO_ROOT, file);
  }
  const number = (name, bounds) => {
    try {
      return parseNumber(name, parsed[name], bounds);
    } catch (error) {
      return fail(error.message);
    }
  };
  return {
    codecs: parsed.codecs,
    mb: number('mb', positive(1024)),
    rounds: Math.round(number('rounds', positive(100))),
    repetitions: Math.round(number('repetitions', positive(10000))),
    compress: parsed.compress,
    programs,
  };
}

function runProgram(program, options) {
  const args = [
    ...program.args,
    ...(options.codecs !== undefined ? ['--codecs', options.codecs] : []),
    '--mb',
    String(options.mb),
    '--repetitions',
    String(options.repetitions),
    ...(options.compress && program.compresses ? ['--compress', options.compress] : []),
  ];
  let text;
  try {
    text = execFileSync(program.command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const said = (error.stderr || error.stdout || error.message).trim();
    throw new Error(`codec-gap: ${program.label} (${program.file}) failed: ${said}`);
  }
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/**
 * The compressor alone (--compress), wasm vs native: per codec, the
 * compress and decompress medians of every program whose loop compressed,
 * their ratios to the first, and the compressed bytes (the same source, so
 * the same bytes are expected; a difference is flagged).
 */
function compressorTable(programs, perRound, reference) {
  const compressing = programs
    .map((program, index) => ({ program, index }))
    .filter(({ index }) => [...perRound[index].values()].some((rows) => rows[0]?.compress !== undefined));
  const [base] = compressing;
  const header = ['codec', 'compressor', 'bytes'];
  for (const { program } of compressing) header.push(`${program.label} comp`, `${program.label} decomp`);
  for (const { program } of compressing.slice(1))
    header.push(
      `${program.label}/${base.program.label} comp`,
      `${program.label}/${base.program.label} decomp`,
    );
  const lines = [];
  for (const [codec] of reference) {
    if (compressing.some(({ index }) => !perRound[index].has(codec))) continue;
    const figure = (index, key) => median(perRound[index].get(codec).map((r) => r[key]));
    const [first] = perRound[base.index].get(codec);
    const sizes = new Set(compressing.map(({ index }) => perRound[index].get(codec)[0].compressedBytes));
    const row = [codec, first.compressor, [...sizes].join(' / ') + (sizes.size > 1 ? ' (differ)' : '')];
    for (const { index } of compressing)
      row.push(formatMs(figure(index, 'compress')), formatMs(figure(index, 'decompress')));
    for (const { index } of compressing.slice(1)) {
      row.push(
        formatRatio(figure(index, 'compress') / figure(base.index, 'compress')),
        formatRatio(figure(index, 'decompress') / figure(base.index, 'decompress')),
      );
    }
    lines.push(row);
  }
  return `\nthe compressor alone (zlib, its default level, on each codec's encoding), ms\n${renderColumns(header, lines, alignFirstLeft(header))}`;
}

function main() {
  const options = parseOptions(process.argv.slice(2));
  const { programs } = options;
  // rounds[program][codec] = [{encode, decode}] per round
  const perRound = programs.map(() => new Map());
  const reference = new Map();
  for (let round = 0; round < options.rounds; ++round) {
    for (let k = 0; k < programs.length; ++k) {
      const index = (k + round) % programs.length;
      for (const line of runProgram(programs[index], options)) {
        const seen = reference.get(line.codec);
        const shape = { items: line.items, checksum: line.checksum, bytes: line.bytes };
        if (!seen) reference.set(line.codec, { ...shape, mb: line.mb, library: line.library });
        else if (
          seen.items !== shape.items ||
          seen.checksum !== shape.checksum ||
          seen.bytes !== shape.bytes
        ) {
          throw new Error(
            `codec-gap: ${line.codec}: ${programs[index].label} saw ${JSON.stringify(shape)}, ` +
              `another program ${JSON.stringify({ items: seen.items, checksum: seen.checksum, bytes: seen.bytes })}`,
          );
        }
        const rows = perRound[index].get(line.codec) ?? [];
        rows.push({
          encode: median(line.encodeMs),
          decode: median(line.decodeMs),
          ...(line.compressMs && {
            compress: median(line.compressMs),
            decompress: median(line.decompressMs),
            compressor: line.compressor,
            compressedBytes: line.compressedBytes,
          }),
        });
        perRound[index].set(line.codec, rows);
      }
    }
  }

  const first = reference.values().next().value;
  console.log(
    `codec time with no JS boundary, ${formatMB(first.mb)} MB (${first.items} items): ` +
      `median of ${options.rounds} rounds x ${options.repetitions} repetitions, ms`,
  );
  const width = Math.max(...programs.map(({ label }) => label.length));
  for (const program of programs) console.log(`  ${program.label.padEnd(width)} ${program.file}`);
  const header = ['codec', `${programs[0].label} enc`, `${programs[0].label} dec`];
  const base = programs[0].label;
  for (const { label } of programs.slice(1)) {
    header.push(`${label} enc`, `${label} dec`, `${label}/${base} enc`, `${label}/${base} dec`);
  }
  const lines = [];
  // A build may leave a codec out (rapidjson in the clang 19 builds): its row would compare nothing.
  const missing = (codec) => programs.filter((_, i) => !perRound[i].has(codec)).map(({ label }) => label);
  for (const [codec] of reference) {
    if (missing(codec).length > 0) {
      lines.push({ label: codec, text: `not in ${missing(codec).join(', ')}` });
      continue;
    }
    const figure = (i, key) => median(perRound[i].get(codec).map((r) => r[key]));
    const nativeEncode = figure(0, 'encode');
    const nativeDecode = figure(0, 'decode');
    const row = [codec, formatMs(nativeEncode), formatMs(nativeDecode)];
    for (let i = 1; i < programs.length; ++i) {
      const encode = figure(i, 'encode');
      const decode = figure(i, 'decode');
      row.push(
        formatMs(encode),
        formatMs(decode),
        formatRatio(encode / nativeEncode),
        formatRatio(decode / nativeDecode),
      );
    }
    lines.push(row);
  }
  console.log(renderColumns(header, lines, alignFirstLeft(header)));
  if (options.compress) console.log(compressorTable(programs, perRound, reference));
  console.log(`a/b = program a's time / program b's (1.00x = as fast)`);
}

try {
  main();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
