// The page's answer in words and its tables show the same ratios
// (src/harness/unit-comparisons.mjs): every figure a sentence states is a
// cell of the documents time table of its data set, the same or turned
// round, with the same verdict. Checked on the page's Node fixture and on a
// page-like run whose JSON baseline differs from batch to batch (the page
// measures JSON beside each path), where the sentence once judged JSON
// against the fastest library in another batch than the table did.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { isJsonBaseline, libraryName } from '../../src/catalog.mjs';
import { median } from '../../src/harness/stats.mjs';
import { formatVerdictRatio } from '../../src/harness/verdict.mjs';
import { invertComparison } from '../../src/harness/unit-comparisons.mjs';
import { headlines } from '../../src/report/headline.mjs';
import { timeTable } from '../../src/workloads/documents/table-data.mjs';
import { REPO_ROOT } from '../web/browser.mjs';

const FIXTURE = path.join(REPO_ROOT, 'tests', 'fixtures', 'page', 'node-documents.json');

/**
 * The table cell a sentence's clause stands for: the line and column
 * (vsJson, vsFastest) and whether the sentence turns it round.
 */
function cellOf(table, sentence, clause) {
  // A line by its label, or a library's by the name the sentence gives it ("msgpackr [records]").
  const lineOf = (name) =>
    table.lines.find(
      ({ label, row }) =>
        label === name ||
        (row.library && `${libraryName(row.library)}${row.variant ? ` [${row.variant}]` : ''}` === name),
    );
  const jsonLine = table.lines.find(({ row }) => isJsonBaseline(row));
  const { winner, subject } = sentence;
  if (winner === 'json')
    return clause.role === 'wasm'
      ? { line: lineOf(clause.opponent), column: 'vsJson', inverted: true }
      : { line: jsonLine, column: 'vsFastest', inverted: false };
  if (winner === 'wasm')
    return {
      line: lineOf(subject),
      column: clause.role === 'json' ? 'vsJson' : 'vsFastest',
      inverted: false,
    };
  // The library leads.
  return clause.role === 'wasm'
    ? { line: lineOf(clause.opponent), column: 'vsFastest', inverted: true }
    : { line: lineOf(subject), column: 'vsJson', inverted: false };
}

function checkAgreement(document) {
  let checked = 0;
  for (const unit of headlines(document)) {
    const table = timeTable(document.rows, unit.key);
    for (const sentence of unit.sentences)
      for (const clause of sentence.clauses) {
        const { line, column, inverted } = cellOf(table, sentence, clause);
        assert.ok(line, `${unit.key} ${sentence.operation}: no table line for "${clause.text}"`);
        const cell = line[column]?.[sentence.operation];
        const shown = inverted ? invertComparison(cell) : cell;
        assert.equal(shown?.ratio, clause.comparison.ratio, `${unit.key}: "${clause.text}" vs ${line.label}`);
        assert.equal(shown.verdict, clause.comparison.verdict);
        assert.equal(
          formatVerdictRatio(invertComparison(shown)),
          formatVerdictRatio(invertComparison(clause.comparison)),
        );
        checked++;
      }
  }
  return checked;
}

test('every ratio of the answer is a cell of the tables (the Node fixture)', () => {
  const document = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  assert.ok(checkAgreement(document) >= 4);
});

// A page-like run of one data set: JSON measured beside each path, faster in some batches than others.
const spread = (value) => [0.97, 0.99, 1, 1.01, 1.03, 0.98, 1.02].map((factor) => value * factor);
const stats = (value) => ({ median: median(spread(value)), samples: spread(value) });
const row = (fields, encodeMs, decodeMs) => ({
  place: 'browser',
  status: 'ok',
  dataset: 'api',
  jsonBytes: 500_000,
  ...fields,
  encode: stats(encodeMs),
  decode: stats(decodeMs),
});
const json = (batch, encodeMs, decodeMs) =>
  row(
    { codec: 'json', impl: 'js', interop: 'js', library: 'JSON.stringify/JSON.parse', batch },
    encodeMs,
    decodeMs,
  );
const pageRun = {
  run: { place: 'browser', workload: 'documents', runtime: { name: 'chromium', version: '1' }, protocol: {} },
  rows: [
    json('cbor/tagged', 1.75, 2),
    row({ codec: 'cbor', impl: 'cpp', interop: 'tagged', batch: 'cbor/tagged' }, 4.24, 5),
    json('flatbuffers/tagged', 6.4, 6),
    row({ codec: 'flatbuffers', impl: 'cpp', interop: 'tagged', batch: 'flatbuffers/tagged' }, 5.23, 9),
    json('msgpack (msgpackr) [records]', 1.2, 1.9),
    row(
      {
        codec: 'msgpack',
        impl: 'js',
        interop: 'js',
        library: 'msgpackr 1.11.0',
        variant: 'records',
        batch: 'msgpack (msgpackr) [records]',
        cleanliness: { clean: true },
      },
      2.8,
      3.1,
    ),
  ],
};

test('JSON against the fastest library is one figure in the sentence and the JSON line', () => {
  const [unit] = headlines(pageRun);
  const encode = unit.sentences.find((sentence) => sentence.operation === 'encode');
  assert.equal(encode.winner, 'json');
  const table = timeTable(pageRun.rows, 'api');
  const jsonLine = table.lines.find((line) => line.row.codec === 'json');
  const library = encode.clauses.find((clause) => clause.role === 'library');
  // JSON beside msgpackr (1.2 ms) against msgpackr (2.8 ms), not the first batch's JSON (1.75 ms).
  assert.match(library.text, /^2\.33x faster than msgpackr \[records\]/);
  assert.equal(formatVerdictRatio(jsonLine.vsFastest.encode), '2.33x');
  assert.ok(checkAgreement(pageRun) >= 4);
});
