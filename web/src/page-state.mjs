// What the page's parts share: the state of what is shown (a run of the
// page or a results file), the page's own objects made at start (charts,
// the results validator, the workloads' page modules) and small helpers.

import { modules as bundledModules } from 'wcb:bundled';
import { DEFAULT_WORKLOAD } from '../../src/catalog.mjs';

export const $ = (id) => document.getElementById(id);

export const state = {
  pages: new Map(), // workload name -> its page module (src/workloads/<name>/page.mjs)
  workloads: [], // the workloads offered (web/src/workloads.mjs)
  // Every strategy a box is shown for: the default strategies of every workload, in first-seen order.
  strategies: [],
  validate: undefined, // the results validator (every workload's rows)
  charts: undefined, // the page's Charts (charts.mjs)
  facts: undefined,
  rows: [],
  run: undefined, // the header of the current or last run, or of the results file shown
  workload: DEFAULT_WORKLOAD, // the workload of state.rows (the form's selector may differ)
  file: undefined, // the name of the results file shown, undefined for this page's own run
  // Data sets made from the user's own files (a page module's datasetInput): id -> its text.
  userFiles: new Map(),
  phaseUnit: undefined, // the unit the phase chart shows, once picked (else the largest)
  controller: undefined,
  renderPending: false,
};

/** Sets the page's state (idle, running, done, stopped, error) where drivers and tests read it. */
export function setState(name) {
  document.body.dataset.state = name;
}

/** The modules of the page's build that serve workload `name` (what the form and the decode box offer). */
export const modulesOf = (name) =>
  bundledModules.filter((module) => name === module.workload && module.build === undefined);

/**
 * Those and the same workload's modules of the builds compared with it
 * (bench:web --build-dir A,B; each with its `build` tag), for a block of
 * bench:web's run whose members name a build.
 */
export const blockModulesOf = (name) => bundledModules.filter((module) => name === module.workload);

/** The page module of the workload the form shows. */
export const formPage = () => state.pages.get($('workload').value);
