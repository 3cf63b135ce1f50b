// The page's charts: what each shows comes from the workload's page module
// (src/workloads/<name>/page.mjs: x values and series) or from the phase
// breakdown (phase-chart.mjs); here are the colours and dashes, the drawing
// (SVG, chart-svg.mjs) and the exports. Colours of the C++ codecs follow
// the build's catalog order (src/report/palette.mjs), the JSON baseline is
// black, each pure-JS library has its own colour.
//
// The charts are SVG so that one picture serves the page, the .svg export
// and the .png export (the SVG drawn on a canvas): see docs/page.md.

import { isJsonBaseline } from '../../src/catalog.mjs';
import { codecColors } from '../../src/report/palette.mjs';
import { dotRowsSvg, lineChartSvg, stackedBarsSvg, tickLabel } from './chart-svg.mjs';

const STRATEGY_DASHES = { typed: [], embind: [8, 4], val: [2, 3] };
// The strategies of one codec share its colour: each has its mark and shade, in the order first drawn.
const STRATEGY_SHAPES = ['circle', 'square', 'diamond', 'triangle', 'triangle-down'];
const STRATEGY_SHADES = [0, -0.35, 0.4, -0.6, 0.6];
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
const MIN_WIDTH = 320;
const DEFAULT_WIDTH = 800;
// The PNG export is drawn at twice the SVG's size, for screens that have it.
const PNG_SCALE = 2;

function peerColor(label, peers) {
  if (!peers.has(label)) peers.set(label, PEER_COLORS[peers.size % PEER_COLORS.length]);
  return peers.get(label);
}

/** `color` (#rrggbb) mixed with black (amount < 0) or white (amount > 0). */
export function shade(color, amount) {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match || amount === 0) return color;
  const target = amount < 0 ? 0 : 255;
  const channels = [0, 2, 4].map((at) => parseInt(match[1].slice(at, at + 2), 16));
  const mixed = channels.map((value) => Math.round(value + (target - value) * Math.abs(amount)));
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** A C++ path's strategy as the marks tell them apart: the addon's strategies are others than wasm's. */
const strategyKey = (row) => (row.place === 'node-addon' ? `${row.interop} (addon)` : row.interop);

/**
 * The series of a chart with their colour, dash, width and mark (the C++
 * strategies of a codec: one mark and shade each; embind hollow).
 */
function styled(series, codecColor) {
  const peers = new Map();
  const strategies = [];
  return series.map(({ label, row, values }) => {
    const baseline = isJsonBaseline(row);
    const peer = row.impl === 'js' && !baseline;
    let color = baseline ? BASELINE_COLOR : peer ? peerColor(label, peers) : codecColor(row.codec);
    let shape = 'circle';
    if (row.impl === 'cpp') {
      if (!strategies.includes(strategyKey(row))) strategies.push(strategyKey(row));
      const index = strategies.indexOf(strategyKey(row));
      shape = STRATEGY_SHAPES[index % STRATEGY_SHAPES.length];
      color = shade(color, STRATEGY_SHADES[index % STRATEGY_SHADES.length]);
    }
    return {
      label,
      values,
      color,
      shape,
      width: baseline ? 2.5 : 1.5,
      dash: baseline ? [] : peer ? PEER_DASH : (STRATEGY_DASHES[row.interop] ?? []),
      hollow: row.impl === 'cpp' && row.interop === 'embind',
    };
  });
}

/** The one unit of a chart's x axis in words ("geo-110m", "1.2 MB"), or undefined when it has several. */
function singleUnit({ categories, x }) {
  if (categories) return categories.values.length === 1 ? String(categories.values[0]) : undefined;
  return new Set(x).size === 1 ? `${tickLabel(x[0])} MB` : undefined;
}

/** Holds the page's charts (by name: time, ratio, phases), draws them and gives their SVG and PNG. */
export class Charts {
  /** containers: { name: element }; codecOrder: the catalog's codec names, which fix each codec's colour. */
  constructor(containers, codecOrder) {
    this.containers = containers;
    this.codecColor = codecColors(codecOrder);
    this.drawn = new Map(); // name -> { svg, width, height }
  }

  clear() {
    this.drawn.clear();
    for (const container of Object.values(this.containers)) container.replaceChildren();
  }

  /** Draws chart `which` from { title, yLabel, higherIsBetter, x, series: [{ label, row, values }], categories? }. */
  draw(which, chart) {
    const series = styled(chart.series, this.codecColor);
    const unit = singleUnit(chart);
    if (unit !== undefined) {
      this.show(which, this.dotRows(which, chart, series, unit));
      return;
    }
    const xLabel = chart.categories ? chart.categories.name : 'JSON payload (MB)';
    this.show(which, lineChartSvg({ ...chart, xLabel, series }, { width: this.widthOf(which) }));
  }

  /**
   * A chart of one unit as a dot per path, fastest first: the lowest time,
   * or the highest rate (ops/s) or speed against JSON (the ratio chart,
   * with its line at 1).
   */
  dotRows(which, chart, series, unit) {
    const rows = series
      .map((entry) => ({ ...entry, value: entry.values.find((value) => value > 0) }))
      .filter((row) => row.value !== undefined)
      .sort((a, b) => (chart.higherIsBetter ? b.value - a.value : a.value - b.value));
    return dotRowsSvg(
      {
        title: `${chart.title.replace(/ per (data set|record|size|step)/, '')}, ${unit}`,
        xLabel: chart.yLabel,
        rows,
        reference: which === 'ratio' ? 1 : undefined,
      },
      { width: this.widthOf(which) },
    );
  }

  /** Draws chart `which` as stacked bars: { title, xLabel, bars, legend } (phase-chart.mjs). */
  drawBars(which, chart) {
    this.show(which, stackedBarsSvg(chart, { width: this.widthOf(which) }));
  }

  widthOf(which) {
    return Math.max(MIN_WIDTH, this.containers[which].clientWidth || DEFAULT_WIDTH);
  }

  show(which, svg) {
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    const element = document.importNode(parsed, true);
    this.containers[which].replaceChildren(element);
    this.drawn.set(which, {
      svg,
      width: Number(element.getAttribute('width')),
      height: Number(element.getAttribute('height')),
    });
  }

  /** True when chart `which` is drawn. */
  has(which) {
    return this.drawn.has(which);
  }

  /** Chart `which` as an SVG file's text, or undefined when it is not drawn. */
  svg(which) {
    return this.drawn.get(which)?.svg;
  }

  /** Chart `which` as a PNG Blob: the SVG drawn on a canvas. */
  async png(which) {
    const drawn = this.drawn.get(which);
    if (!drawn) throw new Error(`chart ${which} is not drawn`);
    const url = URL.createObjectURL(new Blob([drawn.svg], { type: 'image/svg+xml' }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = drawn.width * PNG_SCALE;
      canvas.height = drawn.height * PNG_SCALE;
      canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
      return await new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG of the chart'))),
          'image/png',
        ),
      );
    } finally {
      URL.revokeObjectURL(url);
    }
  }
}
