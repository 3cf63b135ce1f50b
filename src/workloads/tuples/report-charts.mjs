// Vega-Lite specs of the tuples report's charts, built from the records of
// report-model.mjs. The same spec renders in the HTML page (compiled to Vega, drawn
// by the inlined Vega runtime) and to the SVG files (Vega's headless
// renderer in Node), so the images of docs/tuples.md (web/images/) and the
// page never disagree.

import { reportColors } from '../../report/codec-order.mjs';
import { compressionChart } from '../../report/compression-chart.mjs';
import { formatMB } from '../../harness/format.mjs';
import { PHASE_COLORS, WHOLE_CALL_COLOR } from '../../report/phases.mjs';
import { VEGA_LITE_SCHEMA, chartOf } from '../../report/palette.mjs';
import { DASH_LEGEND, FACET_SIZE, LINE_LEGEND, LOG_AXIS, SIZE_X } from '../../report/unit-report.mjs';
import {
  NATIVE_WAY,
  NO_PHASES,
  OPERATIONS,
  PHASES,
  THREE_WAYS,
  WHOLE_CALL_PHASE,
  breakdownRecords,
  penaltyRecords,
  threeWaysRecords,
} from './report-model.mjs';
import { modulesChart, sizesChart } from './report-size-charts.mjs';

const PLACE_DASHES = { node: [1, 0], browser: [6, 3], 'node-addon': [1, 3] };

function unique(values) {
  return [...new Set(values)];
}

const capitalized = (text) => text[0].toUpperCase() + text.slice(1);

/** Stacked phases of every path at the chosen size, one row of bars per place. */
function breakdownChart(sources, operation, sizeMB) {
  const { records, facets } = breakdownRecords(sources, operation, sizeMB);
  const phaseNames = [...PHASES[operation].map(({ name }) => name), WHOLE_CALL_PHASE];
  const labelSort = { field: 'order', op: 'min' };
  const y = { field: 'label', type: 'nominal', sort: labelSort, title: null };
  return stackedPhasesSpec({
    title: {
      text: `${capitalized(operation)}: where the time goes (the size nearest ${formatMB(sizeMB)} MB)`,
      subtitle:
        'median of each phase, stacked; the black tick is the median of the whole call; scales differ per place',
    },
    records,
    facets,
    phaseNames,
    y,
  });
}

/**
 * One row of stacked phase bars per facet, the whole call's median as a black
 * tick: the breakdown and the three-ways charts draw the same picture of
 * different records, so the picture is written once.
 */
function stackedPhasesSpec({ title, records, facets, phaseNames, y }) {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title,
    data: { values: records },
    facet: {
      row: {
        field: 'facet',
        type: 'nominal',
        sort: facets,
        title: null,
        header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold' },
      },
    },
    spec: {
      width: 520,
      height: { step: 16 },
      layer: [
        {
          mark: 'bar',
          encoding: {
            y,
            x: { field: 'ms', type: 'quantitative', stack: 'zero', title: 'median ms' },
            color: {
              field: 'phase',
              type: 'nominal',
              scale: { domain: phaseNames, range: [...PHASE_COLORS, WHOLE_CALL_COLOR] },
              title: 'phase',
            },
            order: { field: 'phaseOrder' },
            tooltip: [
              { field: 'source', title: 'place' },
              { field: 'label', title: 'path' },
              { field: 'phase' },
              { field: 'ms', title: 'ms', format: '.4g' },
            ],
          },
        },
        {
          mark: { type: 'tick', color: '#000', thickness: 2 },
          encoding: {
            y,
            x: { field: 'totalMs', type: 'quantitative' },
            tooltip: [
              { field: 'label', title: 'path' },
              { field: 'totalMs', title: 'whole call median ms', format: '.4g' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
  };
}

/**
 * wasm codec time / native codec time per codec vs size; 1 = no penalty.
 * The addon's codec phase (place node-addon, dotted) is the same native
 * code called from Node: its line should stay near 1.
 */
function penaltyChart(sources) {
  const records = penaltyRecords(sources);
  const codecs = unique(records.map((record) => record.codec));
  const colorOf = reportColors();
  const places = unique(records.map((record) => record.place));
  const addon = places.includes('node-addon');
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: 'The wasm penalty: codec time in wasm / the same codec natively',
      subtitle: `codec phase only (no interop), median over strategies; 1 = as fast as native C++ (log scale)${
        addon ? '; node-addon (dotted): the Node-API addon, the same native code, ~1 expected' : ''
      }`,
    },
    data: { values: records },
    facet: { column: { field: 'operation', type: 'nominal', sort: OPERATIONS, title: null } },
    spec: {
      width: FACET_SIZE,
      height: FACET_SIZE,
      layer: [
        { mark: { type: 'rule', color: '#000', strokeWidth: 1.5 }, encoding: { y: { datum: 1 } } },
        {
          mark: { type: 'line', point: { size: 18 }, clip: true },
          encoding: {
            x: SIZE_X,
            y: {
              field: 'penalty',
              type: 'quantitative',
              scale: { type: 'log' },
              axis: LOG_AXIS,
              title: addon ? 'codec in wasm (or addon) / native' : 'wasm / native',
            },
            color: {
              field: 'codec',
              type: 'nominal',
              scale: { domain: codecs, range: codecs.map(colorOf) },
              title: 'codec',
              legend: LINE_LEGEND,
            },
            strokeDash: {
              field: 'place',
              type: 'nominal',
              scale: { domain: places, range: places.map((p) => PLACE_DASHES[p] ?? [2, 2]) },
              title: 'place',
              legend: DASH_LEGEND,
            },
            detail: { field: 'source' },
            tooltip: [
              { field: 'source', title: 'place' },
              { field: 'codec' },
              { field: 'jsonMB', title: 'JSON MB', format: '.3f' },
              { field: 'penalty', title: 'this place / native', format: '.3g' },
              { field: 'codecMs', title: 'codec ms (this place)', format: '.4g' },
              { field: 'nativeMs', title: 'native codec ms', format: '.4g' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { y: 'shared' } },
  };
}

/**
 * The three ways to run the same C++ at the chosen size, one panel per codec:
 * natively (the codec alone), in wasm (typed) and through the Node-API addon
 * (typed, and object: per field), each way's phases stacked, so that the
 * boundary cost of each (everything but the codec) shows beside the other.
 */
function threeWaysChart(sources, operation, sizeMB) {
  const { records } = threeWaysRecords(sources, operation, sizeMB);
  const phaseNames = [...PHASES[operation].map(({ name }) => name), NO_PHASES];
  const ways = [NATIVE_WAY, ...THREE_WAYS.map(({ way }) => way)];
  const y = { field: 'way', type: 'nominal', sort: ways, title: null };
  return stackedPhasesSpec({
    title: {
      text: `${capitalized(operation)}: three ways to run the same C++ (the size nearest ${formatMB(sizeMB)} MB)`,
      subtitle:
        'native codec alone (native results file), wasm typed, the Node-API addon typed and per field: median of each phase, stacked; the tick is the whole call; scales differ per codec',
    },
    records,
    facets: unique(records.map((record) => record.facet)),
    phaseNames,
    y,
  });
}

/**
 * The tuples report's own charts (after time and x JSON over the size,
 * src/report/unit-report.mjs): [{ id, title, spec, empty }] in page order;
 * `id` names the SVG file, `empty` marks a chart the inputs have no data
 * for (not drawn).
 */
export function reportCharts(sources, { sizeMB }) {
  const perOperation = (name, chart) =>
    OPERATIONS.map((operation) => chartOf(`${name}-${operation}`, chart(operation)));
  return [
    ...perOperation('breakdown', (operation) => breakdownChart(sources, operation, sizeMB)),
    ...perOperation('three-ways', (operation) => threeWaysChart(sources, operation, sizeMB)),
    chartOf('wasm-penalty', penaltyChart(sources)),
    chartOf('sizes', sizesChart(sources, sizeMB)),
    chartOf('modules', modulesChart(sources)),
    // Time against the bytes that leave, with the compression stage (docs/design.md#compression).
    compressionChart(sources, { unitOf: (row) => `${formatMB(row.jsonMB)} MB`, unitTitle: 'size' }),
  ];
}
