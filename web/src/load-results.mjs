// A results file loaded into the page (the Load button, or a file dropped
// anywhere on the page), shown like a run of the page: the form switches to
// the file's workload, so its operations and texts apply.

import { $, state } from './page-state.mjs';
import { readResultsText } from './results-file.mjs';
import { renderResults, scrollToAnswer, showValidation } from './results-view.mjs';

/**
 * Shows the results file `file` (a File) like a run of this page, or one
 * error line naming it. `showWorkload()` shows the form's workload (when
 * the file's is another), `writePermalink()` rewrites the link.
 */
export async function loadResults(file, { showWorkload, writePermalink }) {
  if (document.body.dataset.state === 'running') {
    $('load-error').textContent = `${file.name}: not loaded while a run is measuring (Stop it first).`;
    $('load-error').hidden = false;
    return;
  }
  const read = readResultsText(file.name, await file.text(), state.validate, state.workloads);
  if (read.error) {
    $('load-error').textContent = read.error;
    $('load-error').hidden = false;
    return;
  }
  $('load-error').hidden = true;
  const { run: header, rows } = read.document;
  state.run = header;
  state.rows = rows;
  state.workload = header.workload;
  state.file = file.name;
  if ($('workload').value !== header.workload) {
    $('workload').value = header.workload;
    showWorkload();
  }
  writePermalink();
  state.charts.clear();
  renderResults();
  showValidation();
  $('download').disabled = true;
  $('status').className = '';
  $('status').textContent = `Showing ${file.name}: ${rows.length} rows.`;
  document.body.dataset.shown = 'file';
  scrollToAnswer();
}

/** A file dropped on the page is a results file, unless a drop zone of its own took it first. */
export function listenForDroppedFiles(load) {
  const carriesFiles = (event) => event.dataTransfer?.types?.includes('Files');
  document.addEventListener('dragover', (event) => {
    if (carriesFiles(event) && !event.defaultPrevented) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const [file] = event.dataTransfer?.files ?? [];
    if (!file || event.defaultPrevented) return;
    event.preventDefault();
    load(file);
  });
}
