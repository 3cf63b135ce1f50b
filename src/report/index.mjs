// The two jobs of npm run report: a report of one or more results files, and
// a comparison of two. Both write a self-contained HTML page plus the charts
// as SVG files into one folder and return what they wrote.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reportCharts } from './charts.mjs';
import { FLAG_RULE, compareRuns, comparisonChart, renderComparison } from './compare.mjs';
import { chartHeadlines } from './headlines.mjs';
import { compareHtml, reportHtml } from './html.mjs';
import { InputError, loadResultsFile, loadResultsFiles } from './load.mjs';
import {
  isMessagesDocument,
  messageCharts,
  messageHeadlines,
  messagesReportHtml,
  workloadOf,
} from './messages.mjs';
import { cleanlinessRows, headerOf, limitRows, memoryRows, toSources } from './model.mjs';
import { VEGA_VERSION, toSvg, toVega, vegaBundle } from './render.mjs';

/**
 * Reads and validates `files`, writes <outDir>/index.html and one SVG per
 * chart that has data. Returns { html, svgs, headlines, sources }.
 */
export async function writeReport({ files, outDir, sizeMB, now = new Date() }) {
  const sources = toSources(loadResultsFiles(files));
  const workload = workloadOfAll(sources);
  if (workload === 'messages') return writeMessagesReport({ sources, outDir, now });
  const charts = reportCharts(sources, { sizeMB });
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
  const headlines = chartHeadlines(sources, { sizeMB });
  const html = path.join(outDir, 'index.html');
  writeFileSync(
    html,
    reportHtml({
      headers: sources.map(headerOf),
      charts,
      headlines,
      limits: limitRows(sources),
      memory: memoryRows(sources, sizeMB),
      cleanliness: cleanlinessRows(sources),
      sizeMB,
      generated: now.toISOString(),
      vegaSource: vegaBundle(),
      vegaVersion: VEGA_VERSION,
    }),
  );
  return { html, svgs, headlines, charts, sources };
}

/**
 * The one workload of every source, or an InputError naming the files of
 * each workload: tuples (sizes in MB) and messages (single records) share no
 * axis, so one report holds one workload.
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

/** The messages report: <outDir>/index.html and one SVG per chart with data. */
async function writeMessagesReport({ sources, outDir, now }) {
  const charts = messageCharts(sources);
  mkdirSync(outDir, { recursive: true });
  const svgs = [];
  for (const chart of charts) {
    const svgFile = path.join(outDir, `${chart.id}.svg`);
    if (chart.empty) {
      rmSync(svgFile, { force: true });
      continue;
    }
    chart.vega = toVega(chart.spec);
    writeFileSync(svgFile, await toSvg(chart.vega));
    svgs.push(svgFile);
  }
  const headlines = messageHeadlines(sources);
  const html = path.join(outDir, 'index.html');
  writeFileSync(
    html,
    messagesReportHtml({
      headers: sources.map(headerOf),
      sources,
      charts,
      headlines,
      generated: now.toISOString(),
      vegaSource: vegaBundle(),
      vegaVersion: VEGA_VERSION,
    }),
  );
  return { html, svgs, headlines, charts, sources, workload: 'messages' };
}

/**
 * Compares two results files: writes <outDir>/compare.html and compare.svg,
 * returns { html, svg, comparison, text } (text: the console table).
 */
export async function writeComparison({ oldFile, newFile, outDir, now = new Date() }) {
  const [old, current] = [loadResultsFile(oldFile), loadResultsFile(newFile)];
  for (const input of [old, current]) {
    if (isMessagesDocument(input.document))
      throw new InputError(
        `${input.file}: --compare works on tuples results only (this file's run.workload is messages)`,
      );
  }
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
