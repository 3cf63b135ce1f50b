// The report on browser results of bench:web, where each path ran in its own
// browser context beside its JSON baseline (run.protocol.isolation).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runsTable } from '../../src/report/html.mjs';
import { headerOf } from '../../src/report/shared-model.mjs';
import { unitRecords } from '../../src/report/unit-report.mjs';
import { baseline, documentOf, row, sourceOf, validateResults } from './report-helpers.mjs';

describe('browser isolation', () => {
  // bench:web: each path in its own browser context, its JSON baseline beside it (same batch).
  const browser = documentOf('browser', [
    baseline({ place: 'browser', batch: 'raw/typed', step: 5, jsonMB: 1, encodeMs: 2, decodeMs: 3 }),
    row({ place: 'browser', codec: 'raw', batch: 'raw/typed', step: 5, jsonMB: 1, encodeMs: 1, decodeMs: 1 }),
    row({
      place: 'browser',
      codec: 'raw',
      interop: 'val',
      batch: 'raw/val',
      step: 5,
      jsonMB: 1,
      encodeMs: 1,
      decodeMs: 2,
    }),
    baseline({ place: 'browser', batch: 'raw/val', step: 5, jsonMB: 1, encodeMs: 4, decodeMs: 6 }),
  ]);
  browser.run.protocol.isolation = 'context-per-path';

  test('the header records the isolation and the results validate', () => {
    assert.deepEqual(validateResults(browser), { valid: true });
  });

  test("a browser ratio uses the JSON baseline of the path's own context", () => {
    const encode = unitRecords([sourceOf(browser)], 'encode').filter((r) => r.label !== 'json (js)');
    assert.deepEqual(
      encode.map((r) => [r.label, r.versusJson]),
      [
        ['raw/typed', 2],
        ['raw/val', 4],
      ],
    );
  });

  test("the report's run facts say where the JSON baseline was measured", () => {
    const html = runsTable([headerOf(sourceOf(browser))]);
    assert.match(html, /<th>JSON baseline<\/th><td>beside each path in its own browser context/);
  });
});
