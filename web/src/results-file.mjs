// The page's results file: its verdict against the schema under the form,
// the download (browser-<date>.json, browser-<workload>-<date>.json for
// any workload but the default one, as the runners name their files), and
// reading a results file back in (yours or another machine's, from the
// page, bench:node or bench:web) to show it like a run of the page.

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

/** Offers `blob` as a download named `name`. */
export function saveBlob(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Offers `document` (a results document) as a JSON download. */
export function saveResults(document_) {
  const blob = new Blob([JSON.stringify(document_, null, 2) + '\n'], { type: 'application/json' });
  const { workload, date } = document_.run;
  const kind = workload && workload !== DEFAULT_WORKLOAD ? `${workload}-` : '';
  saveBlob(blob, `browser-${kind}${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
}

/**
 * A results file's text read back: { document } when it is JSON, valid
 * against the schema (`validate`: the page's validator, which knows every
 * workload's rows) and of a workload the page shows (`workloads`), else
 * { error }: one line naming the file and the first problem.
 */
export function readResultsText(name, text, validate, workloads) {
  let document_;
  try {
    document_ = JSON.parse(text);
  } catch (error) {
    return { error: `${name}: not JSON (${error.message})` };
  }
  const verdict = validate(document_);
  if (!verdict.valid) return { error: `${name}: not a results file: ${verdict.text}` };
  const { workload } = document_.run;
  if (!workloads.includes(workload))
    return {
      error: `${name}: a run of workload ${workload}, which this page does not show (it shows ${workloads.join(', ')})`,
    };
  return { document: document_ };
}
