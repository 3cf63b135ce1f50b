// The page's charts as SVG text: lines and points on log scales (time and
// speed per size, record or data set), a dot per path when there is one
// size, record or data set, and stacked horizontal bars (the phases of each
// call). Pure string building, no DOM: the page inserts the
// text, exports it as an .svg file and rasterizes it for the .png, so what
// is shown, the SVG and the PNG are one picture; the tests read it in Node.
// Every text from a results file (labels, titles) is escaped.

import { escapeHtml as escapeXml } from '../../src/harness/format.mjs';

const FONT = 'font-family="sans-serif" font-size="11"';
const TITLE_FONT = 'font-family="sans-serif" font-size="13" font-weight="bold"';
const AXIS_COLOR = '#444';
const GRID_COLOR = '#e4e4e4';
const LEGEND_ITEM_WIDTH = 200;
const LEGEND_ROW_HEIGHT = 16;
// Rough width of one character of FONT, to lay out labels without measuring text.
const CHAR_WIDTH = 6.2;
// A dot row's label, counted a little wide: a label cut too short reads better than one cut off at the edge.
const LABEL_CHAR_WIDTH = CHAR_WIDTH * 1.15;

const round = (value) => Math.round(value * 100) / 100;

/** A tick value as a short label: "0.05", "20", "1.5k", "12M". */
export function tickLabel(value) {
  if (value >= 1e6) return `${+(value / 1e6).toPrecision(3)}M`;
  if (value >= 1e3) return `${+(value / 1e3).toPrecision(3)}k`;
  return String(+value.toPrecision(3));
}

/** The 1-2-5 values of the decade of `value`: [1, 2, 5] x 10^k. */
const onesTwosFives = (decade) => [1, 2, 5].map((step) => step * 10 ** decade);

// A log axis reaches this factor beyond its extreme values, so no point sits on the frame.
const LOG_PADDING = 1.1;

/**
 * A log axis over [min, max] (positive): { low, high, ticks }, the range
 * padded a little (doubled either way for a single value). Ticks are the
 * 1-2-5 values inside it, the powers of ten alone when it spans more than
 * two decades, and its extreme values themselves when fewer than two of
 * those fall inside.
 */
export function logAxis(min, max) {
  if (!(min > 0) || !(max > 0)) throw new Error(`a log axis needs positive values, got ${min} and ${max}`);
  const [low, high] = min === max ? [min / 2, max * 2] : [min / LOG_PADDING, max * LOG_PADDING];
  const decades = Math.log10(high / low);
  const ticks = [];
  for (let decade = Math.floor(Math.log10(low)); decade <= Math.ceil(Math.log10(high)); decade++) {
    // 10 ** k carries rounding (0.1 * 3 ...): the values are rounded to 12 digits.
    for (const value of decades > 2 ? [10 ** decade] : onesTwosFives(decade)) {
      const tick = +value.toPrecision(12);
      if (tick >= low && tick <= high) ticks.push(tick);
    }
  }
  return {
    low,
    high,
    ticks: ticks.length >= 2 ? ticks : [...new Set([min, max, ...ticks])].sort((a, b) => a - b),
  };
}

/** A linear axis from 0 over [0, max]: { low: 0, high, ticks } with about five 1-2-5 steps. */
export function linearAxis(max) {
  const target = max > 0 ? max / 5 : 1;
  const decade = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((factor) => factor * decade).find((candidate) => candidate >= target);
  const high = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks = [];
  for (let value = 0; value <= high + step / 2; value += step) ticks.push(+value.toPrecision(12));
  return { low: 0, high, ticks };
}

// A title's characters are wider than the labels' (13 px bold).
const TITLE_CHAR_WIDTH = 7.6;
const TITLE_LINE_HEIGHT = 16;

/**
 * A chart's title: { svg, top }, one line from `left` (the plot's left edge)
 * when it fits there, else wrapped by words from the chart's left edge (a
 * phone's chart); `top` is where the plot may start under it.
 */
function titleBlock(title, width, left) {
  const text = String(title);
  if (text.length * TITLE_CHAR_WIDTH <= width - left - 6)
    return { svg: `<text x="${left}" y="18" ${TITLE_FONT}>${escapeXml(text)}</text>`, top: 30 };
  const room = Math.max(10, Math.floor((width - 12) / TITLE_CHAR_WIDTH));
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= room) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const svg = lines
    .map(
      (line, index) =>
        `<text x="6" y="${18 + index * TITLE_LINE_HEIGHT}" ${TITLE_FONT}>${escapeXml(line)}</text>`,
    )
    .join('');
  return { svg, top: 30 + (lines.length - 1) * TITLE_LINE_HEIGHT };
}

/** Maps a value of an axis to [0, 1]. */
function scaleOf(axis, log) {
  if (!log) return (value) => (value - axis.low) / (axis.high - axis.low);
  const [low, span] = [Math.log10(axis.low), Math.log10(axis.high / axis.low)];
  return (value) => (Math.log10(value) - low) / span;
}

/**
 * A point's mark: circle, square, diamond, triangle or triangle-down (the
 * strategies of one codec share its colour and differ by mark), centred on
 * (x, y) with about radius r; `inner` (a <title>) goes inside.
 */
export function markSvg(shape, x, y, r, { fill, stroke, inner = '' }) {
  const paint = `class="mark" fill="${escapeXml(fill)}" stroke="${escapeXml(stroke)}" stroke-width="1.5"`;
  const polygon = (points) =>
    `<polygon points="${points.map(([px, py]) => `${round(x + px)},${round(y + py)}`).join(' ')}" ${paint}>${inner}</polygon>`;
  switch (shape) {
    case 'square':
      return `<rect x="${round(x - r * 0.85)}" y="${round(y - r * 0.85)}" width="${round(r * 1.7)}" height="${round(r * 1.7)}" ${paint}>${inner}</rect>`;
    case 'diamond':
      return polygon([
        [0, -r * 1.2],
        [r * 1.2, 0],
        [0, r * 1.2],
        [-r * 1.2, 0],
      ]);
    case 'triangle':
      return polygon([
        [0, -r * 1.2],
        [r * 1.1, r * 0.8],
        [-r * 1.1, r * 0.8],
      ]);
    case 'triangle-down':
      return polygon([
        [0, r * 1.2],
        [r * 1.1, -r * 0.8],
        [-r * 1.1, -r * 0.8],
      ]);
    default:
      return `<circle cx="${x}" cy="${y}" r="${r}" ${paint}>${inner}</circle>`;
  }
}

/** The legend under a chart: { svg, height }, items of { label, color, dash?, marker? }. */
function legend(items, { left, top, width }) {
  const columns = Math.max(1, Math.floor((width - left) / LEGEND_ITEM_WIDTH));
  const parts = items.map((item, index) => {
    const x = left + (index % columns) * LEGEND_ITEM_WIDTH;
    const y = top + Math.floor(index / columns) * LEGEND_ROW_HEIGHT + 11;
    const dash = item.dash?.length ? ` stroke-dasharray="${item.dash.join(' ')}"` : '';
    const swatch =
      item.marker === 'block'
        ? `<rect x="${x}" y="${y - 9}" width="22" height="9" fill="${escapeXml(item.color)}"/>`
        : item.marker === 'point'
          ? markSvg(item.shape, x + 11, y - 4, 4, { fill: item.fill ?? item.color, stroke: item.color })
          : `<line x1="${x}" y1="${y - 4}" x2="${x + 22}" y2="${y - 4}" stroke="${escapeXml(item.color)}" stroke-width="${item.width ?? 2}"${dash}/>`;
    const text = `<text x="${x + 28}" y="${y}" ${FONT}>${escapeXml(item.label)}</text>`;
    return `<g class="legend-item">${swatch}${text}</g>`;
  });
  const rows = Math.ceil(items.length / columns);
  return { svg: parts.join(''), height: rows * LEGEND_ROW_HEIGHT };
}

function svgDocument(width, height, body, title) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`
  );
}

const formatValue = (value) => String(+value.toPrecision(4));

/**
 * A chart of series over sizes (x on a log scale) or over named categories
 * (records, data sets: points only), y on a log scale. chart: { title,
 * xLabel, yLabel, x (numbers), categories? ({ name, values }), series:
 * [{ label, color, dash?, width?, values (aligned with x, null where
 * missing), hollow? }] }, width. Values that are not positive (a log scale
 * cannot place them) are left out. Returns the SVG text.
 */
export function lineChartSvg({ title, xLabel, yLabel, x, categories, series }, { width = 800 } = {}) {
  const plot = { left: 64, right: 16, top: 30, height: 260 };
  const byCategory = Boolean(categories);
  const labels = byCategory ? categories.values.map(String) : [];
  // Category names rotate when they would not fit side by side.
  const band = (width - plot.left - plot.right) / Math.max(1, labels.length);
  const longest = Math.max(0, ...labels.map((label) => label.length)) * CHAR_WIDTH;
  const rotate = byCategory && longest > band - 4;
  const bottom = 40 + (rotate ? longest * 0.6 : 0);
  const plotWidth = width - plot.left - plot.right;
  const points = series.flatMap((entry) =>
    entry.values.map((value, index) => ({ value, at: x[index] })).filter(({ value }) => value > 0),
  );
  const heading = titleBlock(title, width, plot.left);
  plot.top = heading.top;
  const body = [heading.svg];
  const legendTop = plot.top + plot.height + bottom + 6;
  const legendItems = series.map((entry) => ({
    ...entry,
    marker: byCategory ? 'point' : 'line',
    fill: entry.hollow ? '#fff' : entry.color,
  }));
  const { svg: legendSvg, height: legendHeight } = legend(legendItems, {
    left: plot.left,
    top: legendTop,
    width,
  });
  const height = Math.ceil(legendTop + legendHeight + 6);
  if (points.length === 0) {
    body.push(`<text x="${plot.left}" y="${plot.top + 20}" ${FONT}>no values to draw</text>`);
    return svgDocument(width, plot.top + 40, body.join(''), title);
  }
  const yAxis = logAxis(Math.min(...points.map((p) => p.value)), Math.max(...points.map((p) => p.value)));
  const yScale = scaleOf(yAxis, true);
  const yAt = (value) => round(plot.top + plot.height * (1 - yScale(value)));
  let xAt;
  let xTicks;
  if (byCategory) {
    xAt = (index) => round(plot.left + band * (index + 0.5));
    xTicks = labels.map((label, index) => ({ at: xAt(index), label }));
  } else {
    const xs = points.map((p) => p.at);
    const xAxis = logAxis(Math.min(...xs), Math.max(...xs));
    const xScale = scaleOf(xAxis, true);
    xAt = (value) => round(plot.left + plotWidth * xScale(value));
    xTicks = xAxis.ticks.map((value) => ({ at: xAt(value), label: tickLabel(value) }));
  }
  const plotBottom = plot.top + plot.height;
  // Grid and axes.
  for (const tick of yAxis.ticks) {
    const y = yAt(tick);
    body.push(
      `<line x1="${plot.left}" y1="${y}" x2="${plot.left + plotWidth}" y2="${y}" stroke="${GRID_COLOR}"/>`,
    );
    body.push(
      `<text x="${plot.left - 6}" y="${y + 4}" text-anchor="end" ${FONT}>${escapeXml(tickLabel(tick))}</text>`,
    );
  }
  for (const tick of xTicks) {
    body.push(
      `<line x1="${tick.at}" y1="${plot.top}" x2="${tick.at}" y2="${plotBottom}" stroke="${GRID_COLOR}"/>`,
    );
    body.push(
      rotate
        ? `<text transform="translate(${tick.at},${plotBottom + 12}) rotate(-35)" text-anchor="end" ${FONT}>${escapeXml(tick.label)}</text>`
        : `<text x="${tick.at}" y="${plotBottom + 14}" text-anchor="middle" ${FONT}>${escapeXml(tick.label)}</text>`,
    );
  }
  body.push(
    `<rect x="${plot.left}" y="${plot.top}" width="${plotWidth}" height="${plot.height}" fill="none" stroke="${AXIS_COLOR}"/>`,
    `<text x="${plot.left + plotWidth / 2}" y="${plotBottom + bottom - 6}" text-anchor="middle" ${FONT}>${escapeXml(xLabel)}</text>`,
    `<text transform="translate(14,${plot.top + plot.height / 2}) rotate(-90)" text-anchor="middle" ${FONT}>${escapeXml(yLabel)}</text>`,
  );
  // Series: a line through runs of consecutive values (not across gaps; none between categories), then the points.
  for (const entry of series) {
    const color = escapeXml(entry.color);
    const placed = entry.values.map((value, index) =>
      value > 0
        ? { x: xAt(byCategory ? index : x[index]), y: yAt(value), value, at: labels[index] ?? x[index] }
        : null,
    );
    const parts = [];
    if (!byCategory) {
      let run = [];
      const flush = () => {
        if (run.length > 1) {
          const d = run.map((p, index) => `${index === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
          const dash = entry.dash?.length ? ` stroke-dasharray="${entry.dash.join(' ')}"` : '';
          parts.push(
            `<path d="${d}" fill="none" stroke="${color}" stroke-width="${entry.width ?? 1.5}"${dash}/>`,
          );
        }
        run = [];
      };
      for (const point of placed) point ? run.push(point) : flush();
      flush();
    }
    const radius = byCategory ? 4.5 : 2.5;
    const fill = entry.hollow ? '#fff' : entry.color;
    for (const point of placed.filter(Boolean)) {
      const where = byCategory ? point.at : `${tickLabel(point.at)} ${xLabel}`;
      const inner = `<title>${escapeXml(`${entry.label}, ${where}: ${formatValue(point.value)} ${yLabel}`)}</title>`;
      parts.push(markSvg(entry.shape, point.x, point.y, radius, { fill, stroke: entry.color, inner }));
    }
    body.push(`<g class="series" data-label="${escapeXml(entry.label)}">${parts.join('')}</g>`);
  }
  body.push(legendSvg);
  return svgDocument(width, height, body.join(''), title);
}

/**
 * One unit's values as a dot per path (a chart of one size, record or data
 * set: a column of points over one category would read as a strip): a row
 * per path, its label, a stem from the axis and its mark at its value, the
 * value written beside it; x on a log scale, and a dashed line at
 * `reference` (1: as fast as JSON) when given. chart: { title, xLabel,
 * rows: [{ label, value, color, shape?, hollow? }], reference? }, width.
 * Rows without a positive value are left out. Returns the SVG text.
 */
export function dotRowsSvg({ title, xLabel, rows, reference }, { width = 800 } = {}) {
  const shown = rows.filter((row) => row.value > 0);
  // Counted as wide as the labels are cut below, so a label that gets its room is never cut.
  const longest = Math.max(0, ...shown.map((row) => row.label.length)) * LABEL_CHAR_WIDTH;
  // The labels take at most 40% of the width, so a phone's chart keeps room for the dots.
  const left = Math.min(Math.max(80, width * 0.4), Math.max(60, longest + 12));
  const plot = { left, right: 52, top: 30, rowHeight: 18 };
  const heading = titleBlock(title, width, plot.left);
  plot.top = heading.top;
  const plotWidth = Math.max(40, width - plot.left - plot.right);
  const plotBottom = plot.top + Math.max(1, shown.length) * plot.rowHeight;
  const body = [heading.svg];
  if (shown.length === 0) {
    body.push(`<text x="${plot.left}" y="${plot.top + 20}" ${FONT}>no values to draw</text>`);
    return svgDocument(width, plot.top + 40, body.join(''), title);
  }
  const values = shown.map((row) => row.value).concat(reference > 0 ? [reference] : []);
  const axis = logAxis(Math.min(...values), Math.max(...values));
  const scale = scaleOf(axis, true);
  const xAt = (value) => round(plot.left + plotWidth * scale(value));
  for (const tick of axis.ticks) {
    const x = xAt(tick);
    body.push(`<line x1="${x}" y1="${plot.top}" x2="${x}" y2="${plotBottom}" stroke="${GRID_COLOR}"/>`);
    body.push(
      `<text x="${x}" y="${plotBottom + 14}" text-anchor="middle" ${FONT}>${escapeXml(tickLabel(tick))}</text>`,
    );
  }
  if (reference > 0) {
    const x = xAt(reference);
    body.push(
      `<line class="reference" x1="${x}" y1="${plot.top}" x2="${x}" y2="${plotBottom}" stroke="#000" stroke-dasharray="4 3"/>`,
    );
  }
  // Labels cut to their column; the whole label is in the row's <title>.
  const room = Math.max(4, Math.floor((plot.left - 8) / LABEL_CHAR_WIDTH));
  shown.forEach((row, index) => {
    const y = plot.top + index * plot.rowHeight + plot.rowHeight / 2;
    const x = xAt(row.value);
    const label = row.label.length > room ? `${row.label.slice(0, room - 1)}\u2026` : row.label;
    const inner = `<title>${escapeXml(`${row.label}: ${formatValue(row.value)} ${xLabel}`)}</title>`;
    body.push(
      `<g class="dot-row" data-label="${escapeXml(row.label)}">` +
        `<text x="${plot.left - 6}" y="${y + 4}" text-anchor="end" ${FONT}>${escapeXml(label)}</text>` +
        `<line x1="${plot.left}" y1="${y}" x2="${x}" y2="${y}" stroke="${escapeXml(row.color)}" stroke-opacity="0.45" stroke-width="2"/>` +
        markSvg(row.shape, x, y, 4.5, { fill: row.hollow ? '#fff' : row.color, stroke: row.color, inner }) +
        `<text x="${x + 8}" y="${y + 4}" ${FONT}>${escapeXml(tickLabel(row.value))}</text></g>`,
    );
  });
  body.push(
    `<line x1="${plot.left}" y1="${plot.top}" x2="${plot.left}" y2="${plotBottom}" stroke="${AXIS_COLOR}"/>`,
    `<line x1="${plot.left}" y1="${plotBottom}" x2="${plot.left + plotWidth}" y2="${plotBottom}" stroke="${AXIS_COLOR}"/>`,
    `<text x="${plot.left + plotWidth / 2}" y="${plotBottom + 32}" text-anchor="middle" ${FONT}>${escapeXml(xLabel)}</text>`,
  );
  return svgDocument(width, plotBottom + 42, body.join(''), title);
}

/**
 * Stacked horizontal bars, one per path: chart { title, xLabel, bars:
 * [{ label, total, segments: [{ name, value, color }] }], legend: [{ name,
 * color }] }, width. Each bar's segments are laid end to end from 0 and its
 * total (the whole call) is a black tick. Returns the SVG text.
 */
export function stackedBarsSvg({ title, xLabel, bars, legend: legendEntries }, { width = 800 } = {}) {
  const longest = Math.max(0, ...bars.map((bar) => bar.label.length)) * CHAR_WIDTH;
  const plot = { left: Math.min(260, Math.max(80, longest + 14)), right: 20, top: 30, rowHeight: 20 };
  const heading = titleBlock(title, width, plot.left);
  plot.top = heading.top;
  const plotWidth = width - plot.left - plot.right;
  const plotHeight = Math.max(1, bars.length) * plot.rowHeight;
  const plotBottom = plot.top + plotHeight;
  const body = [heading.svg];
  const max = Math.max(
    0,
    ...bars.flatMap((bar) => [bar.total ?? 0, bar.segments.reduce((sum, s) => sum + s.value, 0)]),
  );
  const axis = linearAxis(max);
  const xAt = (value) => round(plot.left + (plotWidth * value) / axis.high);
  for (const tick of axis.ticks) {
    const x = xAt(tick);
    body.push(`<line x1="${x}" y1="${plot.top}" x2="${x}" y2="${plotBottom}" stroke="${GRID_COLOR}"/>`);
    body.push(
      `<text x="${x}" y="${plotBottom + 14}" text-anchor="middle" ${FONT}>${escapeXml(tickLabel(tick))}</text>`,
    );
  }
  bars.forEach((bar, index) => {
    const top = plot.top + index * plot.rowHeight + 3;
    const height = plot.rowHeight - 6;
    const parts = [
      `<text x="${plot.left - 6}" y="${top + height - 2}" text-anchor="end" ${FONT}>${escapeXml(bar.label)}</text>`,
    ];
    let start = 0;
    for (const segment of bar.segments) {
      const [x, end] = [xAt(start), xAt(start + segment.value)];
      parts.push(
        `<rect class="segment" x="${x}" y="${top}" width="${round(Math.max(0, end - x))}" height="${height}" fill="${escapeXml(segment.color)}">` +
          `<title>${escapeXml(`${bar.label}: ${segment.name} ${formatValue(segment.value)} ${xLabel}`)}</title></rect>`,
      );
      start += segment.value;
    }
    if (bar.total !== undefined) {
      const x = xAt(bar.total);
      parts.push(
        `<line class="total" x1="${x}" y1="${top - 2}" x2="${x}" y2="${top + height + 2}" stroke="#000" stroke-width="2">` +
          `<title>${escapeXml(`${bar.label}: whole call ${formatValue(bar.total)} ${xLabel}`)}</title></line>`,
      );
    }
    body.push(`<g class="bar" data-label="${escapeXml(bar.label)}">${parts.join('')}</g>`);
  });
  body.push(
    `<line x1="${plot.left}" y1="${plot.top}" x2="${plot.left}" y2="${plotBottom}" stroke="${AXIS_COLOR}"/>`,
    `<line x1="${plot.left}" y1="${plotBottom}" x2="${plot.left + plotWidth}" y2="${plotBottom}" stroke="${AXIS_COLOR}"/>`,
    `<text x="${plot.left + plotWidth / 2}" y="${plotBottom + 32}" text-anchor="middle" ${FONT}>${escapeXml(xLabel)}</text>`,
  );
  const legendTop = plotBottom + 42;
  const items = [
    ...legendEntries.map(({ name, color }) => ({ label: name, color, marker: 'block' })),
    { label: 'whole call (median)', color: '#000', width: 2 },
  ];
  const { svg: legendSvg, height: legendHeight } = legend(items, { left: plot.left, top: legendTop, width });
  body.push(legendSvg);
  return svgDocument(width, Math.ceil(legendTop + legendHeight + 6), body.join(''), title);
}
