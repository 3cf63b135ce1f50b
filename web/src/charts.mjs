// The page's two charts, drawn by uPlot: median time vs JSON payload size
// (log-log), and speed relative to the page's JSON.stringify/JSON.parse; for
// the messages workload, ops/s per record and the same speed ratio.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { isJsonBaseline } from '../../src/harness/json-baseline.mjs';
import { MESSAGE_NAMES } from '../../src/harness/messages.mjs';
import { pathLabel } from '../../src/harness/paths.mjs';

const CODEC_COLORS = {
  json: '#1f77b4',
  msgpack: '#d62728',
  protobuf: '#2ca02c',
  flatbuffers: '#9467bd',
  raw: '#ff7f0e',
};
const EXTRA_COLORS = ['#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
const STRATEGY_DASHES = { typed: [], embind: [8, 4], val: [2, 3] };
const BASELINE_COLOR = '#000';
// Pure-JS libraries: dotted, one colour each (several share a format).
const PEER_DASH = [1, 3];
const PEER_COLORS = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#9a6324',
  '#469990',
  '#808000',
  '#000075',
  '#a9a9a9',
  '#800000',
  '#bfef45',
];

function colorOf(codec, extras) {
  if (CODEC_COLORS[codec]) return CODEC_COLORS[codec];
  if (!extras.has(codec)) extras.set(codec, EXTRA_COLORS[extras.size % EXTRA_COLORS.length]);
  return extras.get(codec);
}

/**
 * Aligned series for uPlot: x = the JSON sizes in MB, then one array per
 * path with `valueOf(row, baselineRow)` at each size (null where missing).
 */
function seriesData(rows, valueOf) {
  const okRows = rows.filter((row) => row.status === 'ok');
  const steps = [...new Set(okRows.map((row) => row.step))].sort((a, b) => a - b);
  const sizeOfStep = new Map(okRows.map((row) => [row.step, row.jsonMB]));
  const baselines = new Map(okRows.filter(isJsonBaseline).map((row) => [row.step, row]));
  const paths = new Map();
  for (const row of okRows) {
    const label = pathLabel(row);
    if (!paths.has(label)) paths.set(label, { row, values: new Map() });
    const value = valueOf(row, baselines.get(row.step));
    // Log scales: a zero or negative value (a coarse clock) cannot be drawn.
    if (Number.isFinite(value) && value > 0) paths.get(label).values.set(row.step, value);
  }
  const x = steps.map((step) => sizeOfStep.get(step));
  const series = [...paths.entries()]
    .filter(([, { values }]) => values.size > 0)
    .map(([label, { row, values }]) => ({
      label,
      row,
      values: steps.map((step) => values.get(step) ?? null),
    }));
  return { x, series };
}

function peerColor(label, peers) {
  if (!peers.has(label)) peers.set(label, PEER_COLORS[peers.size % PEER_COLORS.length]);
  return peers.get(label);
}

/**
 * x: the messages workload's records, placed at 0, 1, ... and labelled by
 * name, instead of the tuple workload's payload sizes.
 */
function recordAxis(records) {
  return {
    scale: { time: false, distr: 1, range: () => [-0.5, records.length - 0.5] },
    axis: {
      label: 'record',
      splits: () => records.map((_, index) => index),
      values: (_, splits) => splits.map((index) => records[index] ?? ''),
    },
  };
}

function buildChart(container, { title, yLabel, x, series, records }) {
  const extras = new Map();
  const peers = new Map();
  const width = Math.max(320, container.clientWidth || 800);
  const byRecord = records && recordAxis(records);
  const options = {
    title,
    width,
    height: 320,
    scales: { x: byRecord ? byRecord.scale : { time: false, distr: 3 }, y: { distr: 3 } },
    axes: [byRecord ? byRecord.axis : { label: 'JSON payload (MB)' }, { label: yLabel, size: 70 }],
    legend: { live: false },
    series: [
      { label: byRecord ? 'record' : 'MB' },
      ...series.map(({ label, row }) => {
        const baseline = isJsonBaseline(row);
        const peer = row.impl === 'js' && !baseline;
        const stroke = baseline
          ? BASELINE_COLOR
          : peer
            ? peerColor(label, peers)
            : colorOf(row.codec, extras);
        if (byRecord) {
          // Records are categories: points only, no line between them; val
          // filled, embind hollow (a codec keeps its colour).
          const hollow = row.impl === 'cpp' && row.interop === 'embind';
          return {
            label,
            stroke,
            width: 2,
            paths: () => null,
            points: { show: true, size: 9, fill: hollow ? '#fff' : stroke },
          };
        }
        return {
          label,
          stroke,
          width: baseline ? 2.5 : 1.5,
          dash: baseline ? [] : peer ? PEER_DASH : (STRATEGY_DASHES[row.interop] ?? []),
          points: { show: true, size: 5 },
          spanGaps: false,
        };
      }),
    ],
  };
  const data = [x, ...series.map(({ values }) => values)];
  return new uPlot(options, data, container);
}

/** Holds the two charts of the page and redraws them from rows. */
export class Charts {
  constructor(timeContainer, ratioContainer) {
    this.timeContainer = timeContainer;
    this.ratioContainer = ratioContainer;
    this.plots = [];
  }

  clear() {
    for (const plot of this.plots) plot.destroy();
    this.plots = [];
    this.timeContainer.replaceChildren();
    this.ratioContainer.replaceChildren();
  }

  /**
   * The messages workload: ops/s of every path per record (log scale), and
   * its speed relative to the JSON baseline on the same record. Floors are
   * left out (they do no codec work). operation: encode, decode or roundTrip.
   */
  renderMessages(rows, operation) {
    this.clear();
    const okRows = rows.filter(
      (row) => row.status === 'ok' && row.variant !== 'floor' && row[operation]?.opsPerSec,
    );
    const records = MESSAGE_NAMES.filter((name) => okRows.some((row) => row.record === name));
    if (records.length === 0) return;
    const baselines = new Map(okRows.filter(isJsonBaseline).map((row) => [row.record, row]));
    const seriesOf = (valueOf) => {
      const paths = new Map();
      for (const row of okRows) {
        const label = pathLabel(row);
        if (!paths.has(label)) paths.set(label, { row, values: records.map(() => null) });
        const value = valueOf(row, baselines.get(row.record));
        if (Number.isFinite(value) && value > 0) paths.get(label).values[records.indexOf(row.record)] = value;
      }
      return [...paths.entries()].map(([label, { row, values }]) => ({ label, row, values }));
    };
    const x = records.map((_, index) => index);
    const title = operation === 'roundTrip' ? 'round trip' : operation;
    this.plots.push(
      buildChart(this.timeContainer, {
        title: `${title}: operations per second per record (log scale)`,
        yLabel: 'ops/s',
        x,
        records,
        series: seriesOf((row) => row[operation].opsPerSec.median),
      }),
    );
    const ops = (row) => row[operation].opsPerSec.median;
    this.plots.push(
      buildChart(this.ratioContainer, {
        title: `${title}: speed vs JSON (x faster)`,
        yLabel: 'path ops/s / JSON ops/s',
        x,
        records,
        series: seriesOf((row, baseline) => (baseline ? ops(row) / ops(baseline) : undefined)),
      }),
    );
  }

  /** operation: 'encode' or 'decode'. */
  render(rows, operation) {
    this.clear();
    const time = seriesData(rows, (row) => row[operation].median);
    if (time.x.length === 0) return;
    this.plots.push(
      buildChart(this.timeContainer, { title: `${operation}: median time`, yLabel: 'ms', ...time }),
    );
    // The baseline is the flat line at 1.
    const ratio = seriesData(rows, (row, baseline) =>
      isJsonBaseline(row) ? 1 : baseline && baseline[operation].median / row[operation].median,
    );
    if (ratio.x.length === 0) return;
    this.plots.push(
      buildChart(this.ratioContainer, {
        title: `${operation}: speed vs JSON (x faster)`,
        yLabel: 'JSON time / time',
        ...ratio,
      }),
    );
  }
}
