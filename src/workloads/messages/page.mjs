// The messages workload in the page (web/src/page.mjs loads it by name): its
// options (records, min ms per repetition), its blocks on the shared harness
// (block.mjs, the same measurement as the Node runner), its tables and
// charts. Each block's wasm paths in a fresh instance of their module.

import { isJsonBaseline } from '../../harness/json-baseline.mjs';
import { createWasmMessagePath } from '../../harness/message-measure.mjs';
import { pathLabel } from '../../harness/paths.mjs';
import { createPeerMessagePath, findPeer } from '../../harness/peers.mjs';
import { recordSetsOf, recordsOf } from '../../catalog.mjs';
import { median } from '../../harness/stats.mjs';
import { PLACE, instantiateCodec, yieldToBrowser } from '../../../web/src/runtime.mjs';
import { FLOOR_TABLE_LEGEND, MESSAGE_TABLE_LEGEND, renderMessageTables } from './page-tables.mjs';
import { BLOCK_UNIT, measureMessageBlock } from './block.mjs';

export { protocolSchema, rowSchema } from './rows.mjs';

export const texts = {
  option: 'messages: single records, operations per second',
  sizes: 'Repetitions',
  tables: 'Results per record',
  time: 'Operations per second of every path on each record (log scale); floors are in the tables.',
  ratio:
    'Speed vs JSON: path ops/s / JSON ops/s on the same record (above 1 = faster than JSON.stringify/JSON.parse).',
  legend: `${MESSAGE_TABLE_LEGEND} ${FLOOR_TABLE_LEGEND}`,
};

/** The numeric inputs of the form this workload reads (besides repetitions and warm-up). */
export const inputs = ['minRepMs'];

const ALL_RECORDS = recordsOf('messages', { optional: true });

/** The records a run can pick from, in the checklist; those checked at first; the sets that check theirs. */
export const records = ALL_RECORDS;
export const defaultRecords = recordsOf('messages');
export const recordSets = recordSetsOf('messages');

/** The operations the charts can show. */
export const operations = ['encode', 'decode', 'roundTrip'];

/** A library that takes no part in the messages workload is not offered. */
export const acceptsPeer = (peer) => peer.messages !== false;

/** The options of this workload from the form (see tuples/page.mjs). */
export function readOptions(read) {
  return {
    records: read.checked('record'),
    minRepMs: read.number('minRepMs', 'Min ms per repetition'),
  };
}

/** Why a run with these options cannot start, or undefined. */
export function refusal(options) {
  return options.records.length === 0 ? 'pick at least one record.' : undefined;
}

/** The run header's protocol fields of this workload. */
export function protocolFields(options) {
  return { records: options.records, minRepMs: options.minRepMs };
}

/** Where the run is, for the status line. */
export function progressText({ record }) {
  return `on record "${record}"`;
}

/** What the units of a run are made from: its records, in the options. */
export const blockPlan = () => ({});

/** What a block holds and measures (the planner's: src/harness/plan.mjs). */
export { lastPathJob, pathJob, pathReferences, references, units } from './block.mjs';

/** How the page's block tables name a block and show a median (web/src/block-results.mjs). */
export const blockUnit = BLOCK_UNIT;

/**
 * One block process (docs/design.md#blocks), of the page's run or a browser
 * context of bench:web's: the block job (one record) measured in this page,
 * resolving to its rows. options: the job, and { modules (this workload's,
 * from the bundle), facts, protoText, messagesProtoText, signal }.
 */
export function runBlock({ modules, facts, protoText, messagesProtoText, signal, ...job }) {
  const env = { gc: facts.gc, pause: yieldToBrowser, signal };
  const loadPath = async (spec) => {
    if (spec.peer !== undefined) {
      const peer = findPeer(spec.peer);
      if (!peer || !peer.places.includes(PLACE)) throw new Error(`${spec.peer}: not a peer of this page`);
      // createPeerMessagePath refuses a peer that is not part of the messages workload.
      return { subject: await createPeerMessagePath(peer, { protoText, messagesProtoText }) };
    }
    const module = modules.find((candidate) => candidate.codec === spec.codec);
    if (!module) throw new Error(`${spec.codec}: not in this page's wasm build`);
    const codec = await instantiateCodec(module);
    return { subject: createWasmMessagePath(codec, spec.strategy), wasm: { codec, strategy: spec.strategy } };
  };
  return measureMessageBlock(job, { place: PLACE, loadPath, env });
}

/**
 * The charts: ops/s of every path per record (log scale), and its speed
 * relative to the JSON baseline on the same record. Floors are left out
 * (they do no codec work). operation: encode, decode or roundTrip.
 */
function drawCharts(charts, rows, operation) {
  const okRows = rows.filter(
    (row) => row.status === 'ok' && row.variant !== 'floor' && row[operation]?.opsPerSec,
  );
  const records = ALL_RECORDS.filter((name) => okRows.some((row) => row.record === name));
  if (records.length === 0) return;
  // A path's ratio: against the JSON measured in its own batch on the same record.
  const baselines = new Map(okRows.filter(isJsonBaseline).map((row) => [`${row.batch} ${row.record}`, row]));
  // The JSON baseline's own point on a record: the median of its batches' values.
  const seriesOf = (valueOf) => {
    const paths = new Map();
    for (const row of okRows) {
      const label = pathLabel(row);
      if (!paths.has(label)) paths.set(label, { row, values: records.map(() => []) });
      const value = valueOf(row, baselines.get(`${row.batch} ${row.record}`));
      if (Number.isFinite(value) && value > 0)
        paths.get(label).values[records.indexOf(row.record)].push(value);
    }
    return [...paths.entries()].map(([label, { row, values }]) => ({
      label,
      row,
      values: values.map((list) => (list.length > 0 ? median(list) : null)),
    }));
  };
  const x = records.map((_, index) => index);
  const categories = { name: 'record', values: records };
  const title = operation === 'roundTrip' ? 'round trip' : operation;
  const ops = (row) => row[operation].opsPerSec.median;
  charts.draw('time', {
    title: `${title}: operations per second per record (log scale)`,
    yLabel: 'ops/s',
    x,
    categories,
    series: seriesOf(ops),
  });
  charts.draw('ratio', {
    title: `${title}: speed vs JSON (x faster)`,
    yLabel: 'path ops/s / JSON ops/s',
    x,
    categories,
    series: seriesOf((row, baseline) => (baseline ? ops(row) / ops(baseline) : undefined)),
  });
}

/** One table per record and the per-call floor table, and the charts of `operation`. */
export function render({ tables, extra, charts, operation }, rows) {
  renderMessageTables(tables, rows);
  extra.replaceChildren();
  charts.clear();
  drawCharts(charts, rows, operation);
}
