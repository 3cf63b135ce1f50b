// Pure formatters of figures and plain-text columns, shared by the console
// tables, the page and the report. No import of the wasm layer: anything may
// use it.

export const KB = 1024;
export const BYTES_PER_MB = 1024 * 1024;

export function formatMs(ms) {
  if (ms === undefined || !Number.isFinite(ms)) return '-';
  if (ms >= 1000) return ms.toFixed(0);
  if (ms === 0) return '0';
  return ms.toPrecision(3);
}

export function formatBytes(bytes) {
  if (bytes === undefined) return '-';
  if (bytes >= BYTES_PER_MB) return `${(bytes / BYTES_PER_MB).toPrecision(3)} MB`;
  if (bytes >= KB) return `${(bytes / KB).toPrecision(3)} KB`;
  return `${bytes} B`;
}

export function formatRatio(ratio) {
  if (ratio === undefined || !Number.isFinite(ratio)) return '-';
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

/** A payload size in MB: "10", "2.2", "0.13". */
export function formatMB(mb) {
  return mb >= 10 ? mb.toFixed(0) : mb >= 1 ? mb.toFixed(1) : mb.toPrecision(2);
}

export function formatShare(share) {
  if (share === undefined || !Number.isFinite(share)) return '-';
  return `${Math.round(share * 100)}%`;
}

/** Operations per second as "1.23 M/s", "456 k/s" or "12.3 /s". */
export function formatOpsPerSec(ops) {
  if (ops === undefined || !Number.isFinite(ops)) return '-';
  if (ops >= 1e6) return `${(ops / 1e6).toPrecision(3)} M/s`;
  if (ops >= 1e3) return `${(ops / 1e3).toPrecision(3)} k/s`;
  return `${ops.toPrecision(3)} /s`;
}

/** Nanoseconds per operation: 3 significant digits, whole numbers from 1000 on. */
export function formatNs(ns) {
  if (ns === undefined || !Number.isFinite(ns)) return '-';
  return ns >= 1000 ? ns.toFixed(0) : ns.toPrecision(3);
}

/** A value's type for an error message: 'null', a class name or typeof. */
export function typeName(value) {
  if (value === null) return 'null';
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}

export const formatYesNo = (value) => (value ? 'yes' : 'no');

/** `text` cut to `width` characters, ending in "..." when cut. */
export const shorten = (text, width) => (text.length > width ? `${text.slice(0, width - 3)}...` : text);

/** Share of an operation's median time spent outside the codec itself. */
export function interopShare(stats, phases) {
  if (!stats || !phases || !(stats.median > 0)) return undefined;
  const share = (stats.median - phases.codecMs) / stats.median;
  return Math.min(1, Math.max(0, share));
}

/** Reference time / own time, or undefined unless both are positive numbers. */
export function speedRatio(reference, own) {
  return reference > 0 && own > 0 ? reference / own : undefined;
}

/** 'l' for the first column, 'r' for the others. */
export const alignFirstLeft = (header) => header.map((_, column) => (column === 0 ? 'l' : 'r'));

/**
 * Renders columns of strings; `align` holds 'l' or 'r' per column. A line
 * that is `{ label, text }` instead of an array (a failure) puts its text
 * right after the first column.
 */
export function renderColumns(header, lines, align) {
  const firstCell = (line) => (Array.isArray(line) ? line[0] : line.label);
  const widths = header.map((title, column) =>
    Math.max(
      title.length,
      ...lines.map(
        (line) => (column === 0 ? firstCell(line) : Array.isArray(line) ? line[column] : '').length,
      ),
    ),
  );
  const pad = (cells) =>
    cells
      .map((cell, column) =>
        align[column] === 'l' ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const totalWidth = widths.reduce((sum, width) => sum + width, 0) + 2 * (widths.length - 1);
  return [
    pad(header),
    '-'.repeat(totalWidth),
    ...lines.map((line) =>
      Array.isArray(line) ? pad(line) : `${line.label.padEnd(widths[0])}  ${line.text}`,
    ),
  ].join('\n');
}
