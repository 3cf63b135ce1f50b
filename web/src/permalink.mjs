// The permalink: the form written into the address (replacing it: no
// history entry per click) and into the link, the Copy button, and what the
// link leaves out. A link carries options only: a results file shown, or a
// document of the user's own offered as a data set, stays on this machine,
// and whoever opens the link must load it again; the line says so, and a
// link's page asks for the documents it names (page.mjs, the workload's
// awaitDatasets).

import { FLAG_PARAMS, pageUrl } from './query.mjs';
import { readQuery, shownChecked } from './form.mjs';
import { $, state } from './page-state.mjs';

/** The user's files the link leaves out, in words, or '' when it leaves out none. */
function leftOutText() {
  const files = [];
  if (state.file) files.push(`the results file ${state.file}`);
  const documents = shownChecked('dataset').filter((dataset) => state.userFiles.has(dataset));
  if (documents.length > 0)
    files.push(`your ${documents.length === 1 ? 'document' : 'documents'} ${documents.join(', ')}`);
  if (files.length === 0) return '';
  const them = files.length === 1 && documents.length <= 1 ? 'it' : 'them';
  return `Not in the link: ${files.join(' and ')} (files stay on this machine: whoever opens the link must load ${them} again).`;
}

/** Writes the form into the address and the permalink, and what the link leaves out. */
export function writePermalink() {
  const url = new URL(location.href);
  // The switches of the page as opened stay, but a link never starts a run by itself.
  const flags = Object.fromEntries(
    FLAG_PARAMS.filter((flag) => flag !== 'autorun' && url.searchParams.get(flag) === '1').map((flag) => [
      flag,
      true,
    ]),
  );
  url.search = '';
  url.hash = '';
  // A data set made from the user's own file goes in by its name (the page
  // that opens the link asks for that file), never its content.
  const query = readQuery();
  const href = pageUrl(url.href, { ...query, ...flags });
  history.replaceState(history.state, '', href);
  $('permalink').href = href;
  $('permalink-status').textContent = '';
  const leftOut = leftOutText();
  $('permalink-left-out').textContent = leftOut;
  $('permalink-left-out').hidden = leftOut === '';
}

export async function copyPermalink() {
  try {
    await navigator.clipboard.writeText($('permalink').href);
    $('permalink-status').textContent = 'Copied.';
  } catch (error) {
    $('permalink-status').textContent =
      `Not copied (${error?.message ?? error}): the address bar holds the same link.`;
  }
}
