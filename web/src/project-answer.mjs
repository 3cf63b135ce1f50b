// The project's own answer, the page's first screen: the README's table as
// data (web/answer.json, written from the answer command's runs by
// scripts/answer-table.mjs --data; src/report/answer-rows.mjs answerData) and a
// chart per operation of the best C++ path against the route it beat or
// lost to in each place, drawn by the page's SVG chart code. A run of the
// page or a loaded file shows its own answer in the same place (the
// results view hides this one; its button shows it again).

import answer from '../answer.json';
import { dotRowsSvg } from './chart-svg.mjs';
import { $ } from './page-state.mjs';

const WINNER_COLORS = { 'C++': '#1565c0', library: '#e65100', JSON: '#000000' };
const UNDECIDED_COLOR = '#8a8a8a';

/** "tuples with a schema (10.5 MB)" -> "tuples with a schema"; "Chromium 156.0 (V8)" -> "Chromium", "Node v20.20.2 addon" -> "Node addon". */
const shortShape = (shape) => shape.replace(/ \(.*$/, '');
/** A chart's label of a shape, its plural noun: "tuples", "records", "documents", "strings". */
const shapeNoun = (shape) => (/\b[a-z]+s\b/.exec(shape) ?? [shortShape(shape)])[0];
const shortPlace = (place) => `${place.split(' ')[0]}${place.endsWith(' addon') ? ' addon' : ''}`;

/** A cell's words ("**C++** msgpack/typed 1.38x ... over avro-js") as text with its winner in bold. */
function cellContent(cell) {
  const td = document.createElement('td');
  if (!cell) {
    td.textContent = '-';
    return td;
  }
  const match = /^\*\*(.+?)\*\* (.*)$/.exec(cell.text);
  if (match) {
    const strong = document.createElement('strong');
    strong.textContent = match[1];
    td.append(strong, ` ${match[2]}`);
  } else td.textContent = cell.text;
  if (cell.winner) td.dataset.winner = cell.winner;
  return td;
}

function answerTable(rows) {
  const table = document.createElement('table');
  table.className = 'answer';
  const head = table.createTHead().insertRow();
  for (const name of ['data shape', 'place', 'encode', 'decode']) {
    const th = document.createElement('th');
    th.textContent = name;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const text of [shortShape(row.shape), row.place]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    for (const operation of ['encode', 'decode']) tr.append(cellContent(row[operation]));
    tr.title = row.shape;
  }
  return table;
}

/** The chart of one operation: a dot per row, C++ against the route it beat or lost to (above 1: C++ faster). */
function operationChart(rows, operation, width) {
  const dots = rows
    .filter((row) => row[operation]?.cpp)
    .map((row) => {
      const { winner, cpp } = row[operation];
      return {
        label: `${shapeNoun(row.shape)}, ${shortPlace(row.place)}`,
        value: cpp.ratio,
        color: WINNER_COLORS[winner] ?? UNDECIDED_COLOR,
        hollow: !winner,
      };
    });
  return dotRowsSvg(
    {
      title: `${operation}: the best C++ path against the winner or the runner-up (above 1: C++ faster)`,
      xLabel: "C++ speed / the other route's (x, log scale)",
      rows: dots,
      reference: 1,
    },
    { width },
  );
}

/** "2026-12-05 by scripts/bench.sh --answer on a 2-core Intel Xeon (Debian 12, x64)". */
function sourceText({ date, command, machine }) {
  const { cpus, cpuModel, os, arch } = machine;
  return (
    `The project's own runs: measured ${date.slice(0, 10)} by ${command} on a ${cpus}-core ${cpuModel} ` +
    `(${os}, ${arch}), each comparison over 6 or more fresh processes or browser contexts. The best C++ ` +
    'path in wasm (Node addon: the same C++ through Node-API) against the fastest JS library and JSON; ' +
    'the winner in bold, with its median ratio and 95% interval.'
  );
}

/** Draws the project's answer into #project-answer; `charts` (charts.mjs Charts) shows and exports them. */
export function showProjectAnswer(charts) {
  $('project-answer-source').textContent = sourceText(answer);
  $('project-answer-table').replaceChildren(answerTable(answer.rows));
  for (const operation of ['encode', 'decode'])
    charts.show(operation, operationChart(answer.rows, operation, charts.widthOf(operation)));
}

/** Shows the project's answer again in place of a run's or a file's. */
export function showProjectAnswerAgain() {
  $('run-answer').hidden = true;
  $('project-answer').hidden = false;
}
