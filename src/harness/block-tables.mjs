// The console tables of a block run (docs/design.md#blocks), for any
// workload: per block, the verdict of every C++ path against JSON and the
// fastest libraries, in words with the figures; the medians of every member
// over the processes; how the stopping rule ended each block. Rendering
// only: the verdicts come from src/harness/block-verdicts.mjs.

import { pathLabel } from '../catalog.mjs';
import { blockVerdicts } from './block-verdicts.mjs';
import { formatBytes, renderColumns } from './format.mjs';
import { PAIRED_LEGEND, verdictWords } from './paired.mjs';
import { median } from './stats.mjs';

export const BLOCK_RUN_LABEL = 'block protocol: verdicts over processes';

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

/** "faster ... (closest avro (avro-js))": a verdict against the fastest set, naming the library. */
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
            timed.length > 0 ? median(timed.map((row) => row[operation].median)) : undefined,
          ];
        }),
      ),
      encodedBytes: sized?.encodedBytes,
      gzipBytes: sized?.gzipBytes,
    };
  });
}

/**
 * Every block of the run as text. unit: { title(row) -> the block's heading,
 * e.g. "10.47 MB"; value(median) -> a cell, e.g. ms or ops/s; valueName }.
 * Options of blockVerdicts: operations, higherIsFaster.
 */
export function renderBlockTables(
  rows,
  run,
  { unit, operations = ['encode', 'decode'], higherIsFaster = false },
) {
  const sets = run.protocol.blocks?.fastest ?? {};
  const verdicts = blockVerdicts(rows, { sets, operations, higherIsFaster });
  const parts = [`${BLOCK_RUN_LABEL}. ${PAIRED_LEGEND}`];
  const blocks = [...new Set(rows.filter((row) => row.block !== undefined).map((row) => row.block))];
  for (const block of blocks) {
    const own = rows.filter((row) => row.block === block);
    const processes = new Set(own.map((row) => row.process)).size;
    const first = own[0];
    parts.push(`${unit.title(first)}: ${stopText(run.blocks, block, processes)}`);
    const setLine = operations
      .map((operation) => `${operation} ${(sets[operation] ?? []).join(', ') || 'none'}`)
      .join('; ');
    parts.push(`fastest libraries: ${setLine}`);
    const lines = verdicts
      .filter((verdict) => verdict.block === block)
      .map((verdict, index, all) => [
        index > 0 && all[index - 1].label === verdict.label ? '' : verdict.label,
        verdict.operation,
        verdictWords(verdict.json),
        fastestWords(verdict.fastest),
      ]);
    parts.push(
      renderColumns(['path', 'op', 'vs JSON', 'vs the fastest libraries'], lines, ['l', 'l', 'l', 'l']),
    );
    const medians = memberMedians(own, operations).map((member) => [
      member.label,
      `${member.processes}`,
      ...operations.map((operation) =>
        member.medians[operation] === undefined ? '-' : unit.value(member.medians[operation]),
      ),
      member.encodedBytes === undefined ? '-' : formatBytes(member.encodedBytes),
      member.gzipBytes === undefined ? '-' : formatBytes(member.gzipBytes),
      member.failed ? `failed: ${member.failed}` : '',
    ]);
    parts.push(
      renderColumns(
        [
          'path',
          'processes',
          ...operations.map((operation) => `${operation} ${unit.valueName}`),
          'bytes',
          'gzip',
          '',
        ],
        medians,
        ['l', 'r', ...operations.map(() => 'r'), 'r', 'r', 'l'],
      ),
    );
  }
  return parts.join('\n\n');
}
