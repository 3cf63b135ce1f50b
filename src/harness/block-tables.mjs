// What a block run shows (docs/design.md#blocks), for any workload and any
// place: per block, the verdict of every C++ path against JSON and the
// fastest libraries, in words with the figures; the medians of every member
// over the processes; how the stopping rule ended the block. blockModel
// shapes it once, blockParts makes it a view that the console, the page and
// the report lay out (src/report/table-view.mjs). The verdicts come from
// src/harness/block-verdicts.mjs.

import { pathLabel } from '../catalog.mjs';
import { blockVerdicts, medianOf, verdictOptionsOf } from './block-verdicts.mjs';
import { formatBytes, formatRatio, renderColumns } from './format.mjs';
import { PAIRED_LEGEND, verdictWords } from './paired.mjs';
import { median } from './stats.mjs';

export const BLOCK_RUN_LABEL = 'block protocol: verdicts over processes';
export const BLOCK_LEGEND = `${BLOCK_RUN_LABEL}. ${PAIRED_LEGEND}`;

const STOPS = {
  decided: 'every comparison decided',
  'last look': 'the last look, undecided comparisons left',
  'time budget': 'the time budget',
};

/** How a block's processes ended: "6 processes, stopped: every comparison decided". */
export function stopText(history, block, processes) {
  const entry = history?.find((item) => item.block === block);
  const count = entry?.processes ?? processes;
  const why = entry?.stop ? `, stopped: ${STOPS[entry.stop] ?? entry.stop}` : '';
  return `${count} process${count === 1 ? '' : 'es'}${why}`;
}

/** "faster ..., closest avro (avro-js)": a verdict against the fastest set, naming the library. */
export function fastestWords(comparison) {
  if (!comparison) return '-';
  const words = verdictWords(comparison);
  if (!comparison.closest) return words;
  return `${words}, ${comparison.verdict === 'slower' ? 'loses to' : 'closest'} ${comparison.closest}`;
}

// The median over processes of each member's per-process median, and its sizes.
function memberMedians(rows, operations) {
  const byLabel = new Map();
  for (const row of rows) {
    const label = pathLabel(row);
    if (!byLabel.has(label)) byLabel.set(label, []);
    byLabel.get(label).push(row);
  }
  return [...byLabel.entries()].map(([label, own]) => {
    const ok = own.filter((row) => row.status === 'ok');
    const sized = ok.find((row) => row.gzipBytes !== undefined) ?? ok[0];
    return {
      label,
      processes: ok.length,
      failed: own.find((row) => row.status !== 'ok')?.error,
      medians: Object.fromEntries(
        operations.map((operation) => {
          const timed = ok.filter((row) => row[operation]);
          return [
            operation,
            timed.length > 0 ? median(timed.map((row) => medianOf(row, operation))) : undefined,
          ];
        }),
      ),
      encodedBytes: sized?.encodedBytes,
      gzipBytes: sized?.gzipBytes,
      // The compression stage (docs/design.md#compression): the path it compresses, and the bytes that leave.
      ...(sized?.compression && {
        compression: sized.compression,
        plainLabel: pathLabel({ ...sized, compression: undefined }),
      }),
    };
  });
}

/**
 * The blocks of a run, in the order their rows came: [{ block, title (from
 * `unitTitle(row)`), stop, sets, verdicts (blockVerdicts entries), members
 * (medians, sizes, failure) }]. Options of blockVerdicts: operations,
 * higherIsFaster.
 */
export function blockModel(
  rows,
  run,
  { unitTitle, operations = ['encode', 'decode'], higherIsFaster = false },
) {
  const sets = run.protocol.blocks?.fastest ?? {};
  const verdicts = blockVerdicts(rows, { sets, operations, higherIsFaster });
  const blocks = [...new Set(rows.filter((row) => row.block !== undefined).map((row) => row.block))];
  return blocks.map((block) => {
    const own = rows.filter((row) => row.block === block);
    return {
      block,
      title: unitTitle(own[0]),
      stop: stopText(run.blocks, block, new Set(own.map((row) => row.process)).size),
      sets: operations.map((operation) => ({ operation, labels: sets[operation] ?? [] })),
      verdicts: verdicts.filter((verdict) => verdict.block === block),
      members: memberMedians(own, operations),
      operations,
    };
  });
}

/**
 * The wasm builds compared (--build-dir A,B of bench:node and bench:web): per block, path of
 * a later build and operation, its verdict against the first build's same
 * path: [block, path, op, "3.1.69 faster in 6/6 processes, 1.22x [1.10, 1.31]"].
 */
export function buildComparisonLines(rows, verdictOptions) {
  return blockVerdicts(rows, verdictOptions)
    .filter((verdict) => verdict.build)
    .map(({ block, row, operation, build }) => [
      block,
      pathLabel({ ...row, build: undefined }),
      operation,
      `${row.build} ${verdictWords(build)}`,
    ]);
}

export const BUILD_COMPARISON_HEADER = ['block', 'path', 'op', 'the later build against the first'];

/**
 * The table that ends a run of several wasm builds (--build-dir A,B of
 * bench:node and bench:web alike), from its results document: the builds by
 * toolchain, then buildComparisonLines as console columns.
 */
export function buildComparisonText({ rows, run }) {
  const lines = buildComparisonLines(rows, verdictOptionsOf(run.workload));
  const builds = [run.build, ...run.build.compared].map(({ toolchain, emscripten }) =>
    toolchain ? `${toolchain.name} (clang ${toolchain.clang})` : `Emscripten ${emscripten}`,
  );
  return (
    `\nthe wasm builds compared, ${builds.join(' against ')}: reference = the first build's same path\n` +
    renderColumns(
      BUILD_COMPARISON_HEADER,
      lines,
      BUILD_COMPARISON_HEADER.map(() => 'l'),
    )
  );
}

/** The verdict table's lines of a block: path (once), operation, vs JSON, vs the fastest libraries. */
export function verdictLines({ verdicts }) {
  return verdicts.map((verdict, index) => [
    index > 0 && verdicts[index - 1].label === verdict.label ? '' : verdict.label,
    verdict.operation,
    verdictWords(verdict.json),
    fastestWords(verdict.fastest),
  ]);
}
export const VERDICT_HEADER = ['path', 'op', 'vs JSON', 'vs the fastest libraries'];

/** The medians table of a block: `value(median)` formats a statistic (ms, ops/s). */
export function medianLines({ members, operations }, value) {
  return members.map((member) => [
    member.label,
    `${member.processes}`,
    ...operations.map((operation) =>
      member.medians[operation] === undefined ? '-' : value(member.medians[operation]),
    ),
    formatBytes(member.encodedBytes),
    member.compression?.compressedBytes !== undefined
      ? `${formatBytes(member.compression.compressedBytes)} ${member.compression.format}`
      : formatBytes(member.gzipBytes),
    member.failed ? `failed: ${member.failed}` : '',
  ]);
}
export const medianHeader = (operations, valueName) => [
  'path',
  'processes',
  ...operations.map((operation) => `${operation} ${valueName}`),
  'bytes',
  'gzip (or compressed)',
  '',
];

/**
 * Where compression pays (docs/design.md#compression): each compressed
 * member beside the same path plain, in the same block: bytes out, and each
 * operation's median (`value` formats it), compressed / plain. [] when the
 * block compresses nothing.
 */
export function compressionLines({ members, operations }, value) {
  const byLabel = new Map(members.map((member) => [member.label, member]));
  return members
    .filter((member) => member.compression && byLabel.has(member.plainLabel))
    .map((member) => {
      const plain = byLabel.get(member.plainLabel);
      const bytes = member.compression.compressedBytes;
      const level = member.compression.level === undefined ? '' : ` -${member.compression.level}`;
      return [
        plain.label,
        `${member.compression.format}${level} (${member.compression.where})`,
        formatBytes(plain.encodedBytes),
        formatBytes(bytes),
        formatRatio(plain.encodedBytes > 0 ? bytes / plain.encodedBytes : undefined),
        ...operations.map((operation) => {
          const [a, b] = [plain.medians[operation], member.medians[operation]];
          return a === undefined || b === undefined ? '-' : `${value(a)} -> ${value(b)}`;
        }),
      ];
    });
}
export const compressionHeader = (operations, valueName) => [
  'path',
  'compressed by',
  'bytes',
  'compressed',
  'size',
  ...operations.map((operation) => `${operation} ${valueName}: plain -> compressed`),
];

/** "encode msgpack (msgpackr), pbf; decode ...": a block's fastest sets in a line. */
export const setsText = ({ sets }) =>
  sets.map(({ operation, labels }) => `${operation} ${labels.join(', ') || 'none'}`).join('; ');

const lines = (cellLines) => cellLines.map((cells) => ({ cells }));

/**
 * Every block of the run as view parts (src/report/table-view.mjs): the
 * legend, then per block its heading, its fastest sets, its verdicts, its
 * medians and where compression pays. unit: { title(row), value(median),
 * valueName }; options of blockModel.
 */
export function blockParts(rows, run, { unit, ...options }) {
  const sections = blockModel(rows, run, { ...options, unitTitle: unit.title }).map((model) => {
    const ops = model.operations.map(() => 'r');
    const parts = [
      { heading: `${model.title}: ${model.stop}` },
      { note: `fastest libraries: ${setsText(model)}`, className: 'sets' },
      { table: { header: VERDICT_HEADER, lines: lines(verdictLines(model)), align: ['l', 'l', 'l', 'l'] } },
      {
        table: {
          header: medianHeader(model.operations, unit.valueName),
          lines: lines(medianLines(model, unit.value)),
          align: ['l', 'r', ...ops, 'r', 'r', 'l'],
        },
      },
    ];
    const compressed = compressionLines(model, unit.value);
    if (compressed.length > 0)
      parts.push({
        table: {
          header: compressionHeader(model.operations, unit.valueName),
          lines: lines(compressed),
          align: ['l', 'l', 'r', 'r', 'r', ...ops],
        },
      });
    return { section: { className: 'block', attrs: { block: model.block } }, parts };
  });
  return [{ note: BLOCK_LEGEND, className: 'legend' }, ...sections];
}
