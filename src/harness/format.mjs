// Pure formatters of figures and plain-text columns, shared by the console
// tables, the page and the report. No import of the wasm layer: anything may
// use it.

export const KB = 1024;
export const BYTES_PER_MB = 1024 * 1024;

/**
 * A time (ms, ns) to 3 significant digits, whole from 100 on: toPrecision(3)
 * writes 999.7 as "1.00e+3". '-' for no number.
 */
export function formatMs(ms) {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '-';
  if (ms === 0) return '0';
  return Math.abs(ms) >= 100 ? ms.toFixed(0) : ms.toPrecision(3);
}

/** Nanoseconds per operation, as formatMs writes milliseconds. */
export const formatNs = formatMs;

/** Bytes as "512 B", "58.6 KB", "1.23 MB" (KB = 1024 B, MB = 1024 KB, as the payload sizes); negative too (a heap that shrank). */
export function formatBytes(bytes) {
  if (bytes === undefined || bytes === null || !Number.isFinite(bytes)) return '-';
  if (Math.abs(bytes) >= BYTES_PER_MB) return `${formatMs(bytes / BYTES_PER_MB)} MB`;
  if (Math.abs(bytes) >= KB) return `${formatMs(bytes / KB)} KB`;
  return `${bytes} B`;
}

/** "12.3x", "1.23x", "0.0022x" (two significant digits below 0.1: a gzip ratio is not "0.00x"). */
export function formatRatio(ratio) {
  if (ratio === undefined || ratio === null || !Number.isFinite(ratio)) return '-';
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(2)}x`;
}

/** A payload size in MB: "10", "2.2", "0.13". */
export function formatMB(mb) {
  return mb >= 10 ? mb.toFixed(0) : mb >= 1 ? mb.toFixed(1) : mb.toPrecision(2);
}

export function formatShare(share) {
  if (share === undefined || share === null || !Number.isFinite(share)) return '-';
  return `${Math.round(share * 100)}%`;
}

/** Operations per second as "1.23 M/s", "456 k/s" or "12.3 /s". */
export function formatOpsPerSec(ops) {
  if (ops === undefined || ops === null || !Number.isFinite(ops)) return '-';
  if (ops >= 1e6) return `${formatMs(ops / 1e6)} M/s`;
  if (ops >= 1e3) return `${formatMs(ops / 1e3)} k/s`;
  return `${formatMs(ops)} /s`;
}

/** A value's type for an error message: 'null', a class name or typeof. */
export function typeName(value) {
  if (value === null) return 'null';
  return typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
}

export const formatYesNo = (value) => (value ? 'yes' : 'no');

/** A row's status in words: "ok", "n/a: <why its format cannot hold the data>" or "FAILED: <error>". */
export const statusText = (row) =>
  row.status === 'ok' ? 'ok' : row.status === 'n/a' ? `n/a: ${row.reason}` : `FAILED: ${row.error}`;

const MARKUP_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML or SVG content and attribute values. */
export function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (character) => MARKUP_ESCAPES[character]);
}

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
