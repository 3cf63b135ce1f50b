// The page's two charts, drawn by uPlot: what each shows comes from the
// workload's page module (src/workloads/<name>/page.mjs), which hands over
// x values and series; here are the axes, colours and dashes. Colours of the
// C++ codecs follow the build's catalog order (src/report/palette.mjs), the
// JSON baseline is black, each pure-JS library has its own colour.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { isJsonBaseline } from '../../src/catalog.mjs';
import { codecColors } from '../../src/report/palette.mjs';

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

function peerColor(label, peers) {
  if (!peers.has(label)) peers.set(label, PEER_COLORS[peers.size % PEER_COLORS.length]);
  return peers.get(label);
}

/** x: categories (e.g. records) placed at 0, 1, ... and labelled by name, instead of payload sizes. */
function categoryAxis(categories, name) {
  return {
    scale: { time: false, distr: 1, range: () => [-0.5, categories.length - 0.5] },
    axis: {
      label: name,
      splits: () => categories.map((_, index) => index),
      values: (_, splits) => splits.map((index) => categories[index] ?? ''),
    },
  };
}

/**
 * One chart. `series`: [{ label, row, values }] aligned with `x`; with
 * `categories` ({ name, values }) x is categorical and series are points
 * only (val filled, embind hollow), else x is the JSON payload size (log).
 */
function buildChart(container, { title, yLabel, x, series, categories }, codecColor) {
  const peers = new Map();
  const width = Math.max(320, container.clientWidth || 800);
  const byCategory = categories && categoryAxis(categories.values, categories.name);
  const options = {
    title,
    width,
    height: 320,
    scales: { x: byCategory ? byCategory.scale : { time: false, distr: 3 }, y: { distr: 3 } },
    axes: [byCategory ? byCategory.axis : { label: 'JSON payload (MB)' }, { label: yLabel, size: 70 }],
    legend: { live: false },
    series: [
      { label: byCategory ? categories.name : 'MB' },
      ...series.map(({ label, row }) => {
        const baseline = isJsonBaseline(row);
        const peer = row.impl === 'js' && !baseline;
        const stroke = baseline ? BASELINE_COLOR : peer ? peerColor(label, peers) : codecColor(row.codec);
        if (byCategory) {
          // Categories: points only, no line between them; a codec keeps its colour.
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

/** Holds the page's two charts (time and ratio) and redraws them. */
export class Charts {
  /** codecOrder: the catalog's codec names, which fix each codec's colour. */
  constructor(timeContainer, ratioContainer, codecOrder) {
    this.containers = { time: timeContainer, ratio: ratioContainer };
    this.codecColor = codecColors(codecOrder);
    this.plots = [];
  }

  clear() {
    for (const plot of this.plots) plot.destroy();
    this.plots = [];
    for (const container of Object.values(this.containers)) container.replaceChildren();
  }

  /** Draws chart `which` ('time' or 'ratio'): { title, yLabel, x, series, categories? }. */
  draw(which, chart) {
    this.plots.push(buildChart(this.containers[which], chart, this.codecColor));
  }
}
