// What a block run shows (docs/design.md#blocks), for any workload and any
// place: per block, the verdict of every C++ path against JSON and the
// fastest libraries, in words with the figures; the medians of every member
// over the processes; how the stopping rule ended the block. blockModel
// shapes it once; the console (renderBlockTables) and the page
// (web/src/block-results.mjs) only lay it out. The verdicts come from
// src/harness/block-verdicts.mjs.

import { pathLabel } from '../catalog.mjs';
import { blockVerdicts, medianOf } from './block-verdicts.mjs';
import { formatBytes, formatRatio, renderColumns } from './format.mjs';
import { PAIRED_LEGEND, verdictWords } from './paired.mjs';
import { median } from './stats.mjs';
import { SINGLE_RUN_LABEL } from './verdict.mjs';
import { isBlockRun } from './block.mjs';

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

/**
 * A run's console output: its block tables when it is a block run, else
 * `single()` (the workload's tables of a single run) under SINGLE_RUN_LABEL.
 * unit and options as for renderBlockTables.
 */
export function renderRun(rows, run, { unit, single, ...options }) {
  if (isBlockRun(run)) return renderBlockTables(rows, run, { unit, ...options });
  return `${SINGLE_RUN_LABEL}\n\n${single()}`;
}

/**
 * Every block of the run as console text. unit: { title(row), value(median),
 * valueName }; options of blockModel.
 */
export function renderBlockTables(rows, run, { unit, ...options }) {
  const parts = [BLOCK_LEGEND];
  for (const model of blockModel(rows, run, { ...options, unitTitle: unit.title })) {
    parts.push(`${model.title}: ${model.stop}`, `fastest libraries: ${setsText(model)}`);
    parts.push(renderColumns(VERDICT_HEADER, verdictLines(model), ['l', 'l', 'l', 'l']));
    parts.push(
      renderColumns(medianHeader(model.operations, unit.valueName), medianLines(model, unit.value), [
        'l',
        'r',
        ...model.operations.map(() => 'r'),
        'r',
        'r',
        'l',
      ]),
    );
    const compressed = compressionLines(model, unit.value);
    if (compressed.length > 0)
      parts.push(
        renderColumns(compressionHeader(model.operations, unit.valueName), compressed, [
          'l',
          'l',
          'r',
          'r',
          'r',
          ...model.operations.map(() => 'r'),
        ]),
      );
  }
  return parts.join('\n\n');
}
