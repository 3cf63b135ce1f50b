// The two jobs of npm run report: a report of one or more results files, and
// a comparison of two. Both write a self-contained HTML page plus the charts
// as SVG files into one folder and return what they wrote. What a report
// shows is up to its workload: src/workloads/<name>/report.mjs, found by name.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_WORKLOAD, WORKLOAD_NAMES } from '../catalog.mjs';
import { FLAG_RULE, compareRuns, comparisonChart, renderComparison } from './compare.mjs';
import { engineComparison, enginesText, withEnginesSection } from './engines-side-by-side.mjs';
import { overProcesses } from '../harness/block-verdicts.mjs';
import { fileReport, workloadPart } from './file-report.mjs';
import { runtimesSection } from './runtimes-section.mjs';
import { wholeCostSection } from './whole-cost-section.mjs';
import { blockChartRows } from './block-rows.mjs';
import { compareHtml } from './html.mjs';
import { reportFor } from './unit-report.mjs';
import { InputError, loadResultsFile, loadResultsFiles, prepareValidation } from './load.mjs';
import { headerOf, toSources } from './shared-model.mjs';
import { VEGA_VERSION, toSvg, toVega, vegaBundle } from './render.mjs';

/** The workload of a results document (the default one when the header says nothing). */
export function workloadOf(document) {
  return document.run.workload ?? DEFAULT_WORKLOAD;
}

/**
 * A workload's report module (its charts, headlines and page); a workload
 * of the catalog without one gets the generic report (unit-report.mjs): the
 * run facts, every file's answer and tables (file-report.mjs), time and x
 * JSON per unit; an InputError for a workload the catalog does not know.
 */
export async function reportOf(workload) {
  const report = await workloadPart(workload, 'report.mjs');
  if (report) return report;
  if (!WORKLOAD_NAMES.includes(workload))
    throw new InputError(
      `no report for workload '${workload}': src/workloads/${workload}/report.mjs is missing (accepted: results of ${WORKLOAD_NAMES.join(', ')})`,
    );
  return reportFor({ name: workload });
}

/**
 * Reads and validates `files`, writes <outDir>/index.html and one SVG per
 * chart that has data. Returns { html, svgs, headlines, charts, sources, workload }.
 */
export async function writeReport({ files, outDir, sizeMB, now = new Date() }) {
  await prepareValidation();
  const loaded = toSources(loadResultsFiles(files));
  const workload = workloadOfAll(loaded);
  // Start-up runs have a section of their own (whole-cost-section.mjs).
  const { others: all, section } = wholeCostSection(loaded);
  const report = await reportOf(workload);
  // Every file's answer and tables come first (file-report.mjs). Rows whose
  // blocks hold several processes draw the charts through their medians over
  // processes (block-rows.mjs); the workload's chart headlines and the
  // engines read the other files' within-process intervals.
  const perFile = await fileReport(all);
  // Several runtimes' block runs: their verdicts side by side (runtimes-section.mjs).
  const runtimes = runtimesSection(all);
  const spread = (source) => overProcesses(source.document.rows);
  const charted = all.map((source) =>
    spread(source)
      ? { ...source, document: { ...source.document, rows: blockChartRows(source.document.rows) } }
      : source,
  );
  const sources = all.filter((source) => !spread(source));
  const charts = report.charts(charted, { sizeMB });
  mkdirSync(outDir, { recursive: true });
  const svgs = [];
  for (const chart of charts) {
    const svgFile = path.join(outDir, `${chart.id}.svg`);
    if (chart.empty) {
      // A chart these inputs cannot draw: no stale picture of an older run.
      rmSync(svgFile, { force: true });
      continue;
    }
    chart.vega = toVega(chart.spec);
    writeFileSync(svgFile, await toSvg(chart.vega));
    svgs.push(svgFile);
  }
  const headlines = report.headlines(sources, { sizeMB });
  const html = path.join(outDir, 'index.html');
  // Engines side by side (Node, Chromium, Firefox), whatever the workload: src/report/engines-side-by-side.mjs.
  const engines = engineComparison(sources, { sizeMB });
  const page = withEnginesSection(
    report.html({
      sources,
      runs: all,
      charts,
      headlines,
      sizeMB,
      generated: now.toISOString(),
      vegaSource: vegaBundle(),
      vegaVersion: VEGA_VERSION,
    }),
    engines,
  );
  // The answers and tables first (under the title), the runs and charts their detail.
  const runs = '<section id="runs">';
  const first = [runtimes?.html, perFile?.html, section?.html].filter(Boolean).join('\n');
  const withFiles = !first
    ? page
    : page.includes(runs)
      ? page.replace(runs, () => `${first}\n${runs}`)
      : page.replace(/<body[^>]*>/, (body) => `${body}\n${first}`);
  writeFileSync(html, withFiles);
  return {
    html,
    svgs,
    headlines,
    charts,
    sources,
    workload,
    engines: enginesText(engines),
    verdicts: [runtimes?.text, perFile?.text, section?.text].filter(Boolean).join('\n\n') || undefined,
  };
}

/**
 * The one workload of every source, or an InputError naming the files of
 * each workload: workloads share no axis (sizes in MB, single records...),
 * so one report holds one workload.
 */
export function workloadOfAll(sources) {
  const byWorkload = new Map();
  for (const source of sources) {
    const workload = workloadOf(source.document);
    byWorkload.set(workload, [...(byWorkload.get(workload) ?? []), path.basename(source.file)]);
  }
  if (byWorkload.size > 1) {
    const list = [...byWorkload].map(([workload, names]) => `${workload}: ${names.join(', ')}`).join('; ');
    throw new InputError(
      `these results files are of different workloads (${list}); report one workload at a time (accepted: files whose run.workload is the same)`,
    );
  }
  return [...byWorkload.keys()][0];
}

/**
 * Compares two results files: writes <outDir>/compare.html and compare.svg,
 * returns { html, svg, comparison, text } (text: the console table).
 */
export async function writeComparison({ oldFile, newFile, outDir, now = new Date() }) {
  await prepareValidation();
  const [old, current] = [loadResultsFile(oldFile), loadResultsFile(newFile)];
  const comparison = compareRuns(old.document, current.document);
  mkdirSync(outDir, { recursive: true });
  const svg = path.join(outDir, 'compare.svg');
  let chartVega;
  if (comparison.lines.length > 0) {
    chartVega = toVega(comparisonChart(comparison));
    writeFileSync(svg, await toSvg(chartVega));
  } else {
    rmSync(svg, { force: true });
  }
  const header = (input, name) =>
    headerOf({ source: name, place: input.document.run.place, file: input.file, document: input.document });
  const html = path.join(outDir, 'compare.html');
  writeFileSync(
    html,
    compareHtml({
      oldHeader: header(old, 'OLD'),
      newHeader: header(current, 'NEW'),
      comparison,
      chartVega,
      flagRule: FLAG_RULE,
      generated: now.toISOString(),
      vegaSource: vegaBundle(),
      vegaVersion: VEGA_VERSION,
    }),
  );
  return { html, svg: chartVega ? svg : undefined, comparison, text: renderComparison(comparison) };
}
