// The form's checklists, built at start from the build's catalog and each
// workload's page module: codecs, strategies, JS libraries, records (with
// their record sets) and data sets (with a workload's input for the user's
// own documents). Each box is shown for the workloads it applies to.

import { buildInfo } from 'wcb:bundled';
import { codecNames, codecsOf, strategiesOf } from '../../src/catalog.mjs';
import { checkbox } from './form.mjs';
import { $, state } from './page-state.mjs';
import { PAGE_PEERS } from './runtime.mjs';

/** A checkbox shown for the workloads in `workloads`. */
function choice(name, value, workloads, checked = true, text = value) {
  const label = checkbox(name, value, checked, text);
  label.dataset.workloads = workloads.join(' ');
  return label;
}

/** A button that checks exactly the records of a set (its workload.mjs recordSets). */
function recordSetButton(set, members, workload) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = `only ${set}`;
  button.title = members.join(', ');
  button.dataset.workloads = workload;
  button.addEventListener('click', () => {
    for (const input of document.querySelectorAll(`[data-workloads~="${workload}"] input[name="record"]`))
      input.checked = members.includes(input.value);
  });
  return button;
}

/**
 * The data set checklist of the workloads whose unit is a named data set
 * (a page module's `datasets`, `defaultDatasets` checked), after the
 * records' fieldset: one box per data set id, shown for its workload. A
 * data set made from the user's own file is remembered (state.userFiles:
 * the permalink says it leaves it out), and `onOffer()` is called.
 */
function addDatasetChoices(onOffer) {
  const fieldset = document.createElement('fieldset');
  fieldset.id = 'datasets-fieldset';
  const legend = document.createElement('legend');
  legend.textContent = 'Data sets';
  const choices = document.createElement('div');
  choices.id = 'dataset-choices';
  choices.className = 'choices';
  fieldset.append(legend, choices);
  $('records-fieldset').after(fieldset);
  for (const workload of state.workloads) {
    const page = state.pages.get(workload);
    const checked = page.defaultDatasets ?? page.datasets ?? [];
    for (const dataset of page.datasets ?? [])
      choices.append(choice('dataset', dataset, [workload], checked.includes(dataset)));
    // A page module's input for data sets of the user's own (documents: a file picker and drop zone).
    const input = page.datasetInput?.({
      offer(dataset, text) {
        const box = choice('dataset', dataset, [workload], true, text);
        const earlier = choices.querySelector(`input[name="dataset"][value="${CSS.escape(dataset)}"]`);
        if (earlier) earlier.closest('label').replaceWith(box);
        else choices.append(box);
        state.userFiles.set(dataset, text);
        onOffer();
      },
    });
    if (input) {
      input.dataset.workloads = workload;
      fieldset.append(input);
    }
  }
}

/**
 * The JS libraries of the page: those of the registry that run in a browser
 * (PAGE_PEERS), and those a workload offers of its own (a page module's
 * `peers`, e.g. libraries that hold documents only), in that order; each
 * shown for the workloads that offer and accept it.
 */
function peerChoices() {
  const workloads = state.workloads;
  const offered = (workload) => state.pages.get(workload).peers ?? PAGE_PEERS;
  const all = [...PAGE_PEERS];
  for (const workload of workloads)
    for (const peer of offered(workload)) if (!all.some((known) => known.name === peer.name)) all.push(peer);
  return all.map((peer) =>
    choice(
      'peer',
      peer.name,
      workloads.filter(
        (w) =>
          offered(w).some((candidate) => candidate.name === peer.name) &&
          state.pages.get(w).acceptsPeer(peer),
      ),
    ),
  );
}

/** Fills the form's checklists; `onOffer()` runs when a user's file becomes a data set. */
export function addChoices({ onOffer }) {
  const workloadsOf = (test) => state.workloads.filter(test);
  for (const codec of codecNames(buildInfo))
    $('codec-choices').append(
      choice(
        'codec',
        codec,
        workloadsOf((w) => codecsOf(buildInfo, w).includes(codec)),
      ),
    );
  for (const strategy of state.strategies)
    $('strategy-choices').append(
      choice(
        'strategy',
        strategy,
        workloadsOf((w) => strategiesOf(w).includes(strategy)),
      ),
    );
  $('peer-choices').append(...peerChoices());
  for (const workload of state.workloads) {
    const page = state.pages.get(workload);
    const checked = page.defaultRecords ?? page.records ?? [];
    for (const record of page.records ?? [])
      $('record-choices').append(choice('record', record, [workload], checked.includes(record)));
    for (const [set, members] of Object.entries(page.recordSets ?? {}))
      $('record-choices').append(recordSetButton(set, members, workload));
  }
  addDatasetChoices(onOffer);
}
