// The page's results file: its verdict against the schema under the form,
// and the download (browser-<date>.json, browser-<workload>-<date>.json for
// any workload but the default one, as the runners name their files).

import { DEFAULT_WORKLOAD } from '../../src/catalog.mjs';

/** Shows the schema verdict of the results of `rowCount` rows in `line` (cleared without a verdict). */
export function showVerdict(line, verdict, rowCount) {
  if (!verdict) {
    line.textContent = '';
    return undefined;
  }
  line.className = verdict.valid ? 'ok' : 'error';
  line.textContent = verdict.valid
    ? `Results: ${rowCount} rows, valid against results.schema.json.`
    : `Results do not match results.schema.json: ${verdict.text}`;
  return verdict;
}

/** Offers `document` (a results document) as a JSON download. */
export function saveResults(document_) {
  const blob = new Blob([JSON.stringify(document_, null, 2) + '\n'], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  const { workload, date } = document_.run;
  const kind = workload && workload !== DEFAULT_WORKLOAD ? `${workload}-` : '';
  link.download = `browser-${kind}${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
