// The page's own facts beside the browser's (environment.mjs): what its
// first load transferred (the document, its script and its style; npm run
// serve compresses them), from the browser's resource timing.

import { formatBytes } from '../../src/harness/format.mjs';

/** The facts list's term of the page's transfer size. */
export const TRANSFER_FACT = 'Page transfer size';

// The first load: the document and the bundle (its assets come later, when a run needs them).
const isFirstLoad = (entry) =>
  entry.entryType === 'navigation' || /\/dist\/page\.(js|css)$/.test(new URL(entry.name).pathname);

/** "812 KB transferred for 3.09 MB of page, script and style (compressed)", or why it is unknown. */
export function transferText(entries) {
  const loaded = entries.filter(isFirstLoad);
  const sent = loaded.reduce((sum, entry) => sum + (entry.transferSize ?? 0), 0);
  const decoded = loaded.reduce((sum, entry) => sum + (entry.decodedBodySize ?? 0), 0);
  const body = loaded.reduce((sum, entry) => sum + (entry.encodedBodySize ?? 0), 0);
  if (location.protocol === 'file:' || !(decoded > 0))
    return 'unknown (opened from disk: nothing transferred)';
  const how = body < decoded ? 'compressed' : 'not compressed: serve with npm run serve';
  // transferSize is 0 for a copy from the cache: the bodies' sizes then.
  return `${formatBytes(sent > 0 ? sent : body)} transferred for ${formatBytes(decoded)} of page, script and style (${how})`;
}

/** Adds the page's transfer size to the facts list `list`. */
export function showPageFacts(list) {
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ];
  const dt = document.createElement('dt');
  dt.textContent = TRANSFER_FACT;
  const dd = document.createElement('dd');
  dd.textContent = transferText(entries);
  dd.dataset.fact = TRANSFER_FACT;
  list.append(dt, dd);
}
