// Vega-Lite -> Vega compilation and headless SVG rendering (Vega's own SVG
// renderer, no browser), and the Vega runtime bundle the HTML page inlines.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as vega from 'vega';
import { compile } from 'vega-lite';

const require = createRequire(import.meta.url);

// Shared look of every chart, in Vega-Lite config terms.
const CONFIG = {
  font: 'Helvetica, Arial, sans-serif',
  title: { anchor: 'start', fontSize: 14, subtitleFontSize: 11, subtitleColor: '#555' },
  axis: { labelFontSize: 10, titleFontSize: 11, labelLimit: 260 },
  legend: { labelFontSize: 10, titleFontSize: 11, labelLimit: 220 },
  header: { labelFontSize: 11 },
  background: 'white',
};

// A layered facet with independent scales (the breakdown: stacked bars plus
// a tick per path) reads one field from two forks of the same data; Vega-Lite
// says so and then does the right thing.
const EXPECTED_WARNINGS = [/faceted independent scales that union domain of the same fields/];

/** The Vega spec of a Vega-Lite spec; Vega-Lite warnings become errors (a chart that silently drops data is a bug). */
export function toVega(vegaLiteSpec) {
  const warnings = [];
  const note = (...args) => {
    const text = args.join(' ');
    if (!EXPECTED_WARNINGS.some((pattern) => pattern.test(text))) warnings.push(text);
  };
  const logger = {
    level: () => logger,
    error: note,
    warn: note,
    info: () => logger,
    debug: () => logger,
  };
  const { spec } = compile(vegaLiteSpec, { config: CONFIG, logger });
  if (warnings.length > 0) throw new Error(`chart '${vegaLiteSpec.title?.text}': ${warnings.join('; ')}`);
  showDashLegends(spec);
  return spec;
}

/**
 * A line mark with points gets a dash legend whose symbols Vega-Lite strokes
 * with 'transparent' (it draws the legend like the filled points), so the
 * dashes, the only thing that legend shows, would be invisible: stroke them.
 */
function showDashLegends(spec) {
  for (const legend of spec.legends ?? []) {
    const update = legend.strokeDash && legend.encode?.symbols?.update;
    if (update?.stroke?.value === 'transparent') {
      update.stroke = { value: '#444' };
      update.fill = { value: 'transparent' };
    }
  }
  for (const mark of spec.marks ?? []) showDashLegends(mark);
}

/** SVG text of a Vega spec, rendered headlessly. */
export async function toSvg(vegaSpec) {
  const view = new vega.View(vega.parse(vegaSpec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The minified Vega runtime (UMD, defines window.vega) for inlining into the page. */
export function vegaBundle() {
  const buildDir = path.dirname(require.resolve('vega/vega-schema.json'));
  return readFileSync(path.join(buildDir, 'vega.min.js'), 'utf8');
}

export const VEGA_VERSION = vega.version;
