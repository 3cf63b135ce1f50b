// The phases of a wasm (or Node-API addon) call as the report and the page
// draw them: each operation's phase fields of a results row
// (src/harness/payload-measure.mjs) with a reader's name and a colour, in call
// order; and the chart of where the time goes. Browser-safe.

import { isJsonBaseline } from '../catalog.mjs';
import { DECODE_PHASES, ENCODE_PHASES } from '../harness/payload-measure.mjs';
import { PATH_TIP, PLACE_TIP, specHead } from './palette.mjs';

const PHASE_NAMES = {
  marshalInMs: 'marshal in (JS -> C++)',
  codecMs: 'codec',
  bytesOutMs: 'bytes out (to JS)',
  bytesInMs: 'bytes in (JS -> C++)',
  marshalOutMs: 'marshal out (C++ -> JS)',
};

/** Per operation, its phases in call order: [{ key (the row's field), name }]. */
export const PHASES = Object.freeze({
  encode: ENCODE_PHASES.map((key) => ({ key, name: PHASE_NAMES[key] })),
  decode: DECODE_PHASES.map((key) => ({ key, name: PHASE_NAMES[key] })),
});

/** The bar of a path that has no phases (JSON baseline, JS libraries). */
export const WHOLE_CALL_PHASE = 'JSON (whole call)';

/** The colours of the phases, in call order, and of a whole-call bar. */
export const PHASE_COLORS = Object.freeze(['#4c78a8', '#f58518', '#54a24b']);
export const WHOLE_CALL_COLOR = '#9d9d9d';

/** The legend of an operation's bars: its phases in call order, then the whole-call bar (`whole`), { name, color } each. */
export const phaseLegend = (operation, whole = WHOLE_CALL_PHASE) => [
  ...PHASES[operation].map(({ name }, index) => ({ name, color: PHASE_COLORS[index] })),
  { name: whole, color: WHOLE_CALL_COLOR },
];

/**
 * A call of `operation` as stacked segments: its phases in call order (those
 * measured > 0), or one `whole` segment of `total` when it has none.
 */
export function phaseSegments(phases, total, operation, whole = WHOLE_CALL_PHASE) {
  if (!phases) return [{ phase: whole, phaseOrder: 9, ms: total, color: WHOLE_CALL_COLOR }];
  return PHASES[operation]
    .map(({ key, name }, phaseOrder) => ({
      phase: name,
      phaseOrder,
      ms: phases[key],
      color: PHASE_COLORS[phaseOrder],
    }))
    .filter((segment) => segment.ms > 0);
}

/** The paths whose phases are drawn: the C++ ones, and the JSON baseline's whole call for scale. */
export const isPhasePath = (row) => row.impl === 'cpp' || isJsonBaseline(row);

/**
 * Where the time goes in one facet: per unit record (unit-records.mjs) of a
 * C++ path or JSON, one Vega-Lite record per segment, with the whole call's
 * median (`totalMs`) for a tick.
 */
export const phaseRecords = (records, operation, facet) =>
  records
    .filter((record) => isPhasePath(record.row))
    .flatMap((record, order) =>
      phaseSegments(record.row[`${operation}Phases`], record.value, operation).map(
        ({ color, ...segment }) => ({
          source: record.source,
          label: record.label,
          facet,
          order,
          totalMs: record.value,
          ...segment,
        }),
      ),
    );

/**
 * One row of stacked phase bars per facet, the whole call's median as a
 * black tick (the breakdown, and a workload's own views): a Vega-Lite spec.
 */
export function stackedPhasesSpec({ title, records, facets, phaseNames, y }) {
  return {
    ...specHead(records, title),
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
            tooltip: [PLACE_TIP, PATH_TIP, { field: 'phase' }, { field: 'ms', title: 'ms', format: '.4g' }],
          },
        },
        {
          mark: { type: 'tick', color: '#000', thickness: 2 },
          encoding: {
            y,
            x: { field: 'totalMs', type: 'quantitative' },
            tooltip: [PATH_TIP, { field: 'totalMs', title: 'whole call median ms', format: '.4g' }],
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
  };
}

/** Stacked phases of every path at one unit per source: { facet, records } of each source's (facet: its title). */
export function breakdownSpec(operation, { title, subtitle, facets }) {
  return stackedPhasesSpec({
    title: { text: title, subtitle },
    records: facets.flatMap(({ facet, records }) => phaseRecords(records, operation, facet)),
    facets: facets.map(({ facet }) => facet),
    phaseNames: phaseLegend(operation).map(({ name }) => name),
    y: { field: 'label', type: 'nominal', sort: { field: 'order', op: 'min' }, title: null },
  });
}
