// The documents tables as data, for the view (view.mjs): console, page and
// the report alike: per data set, each path's times with its ratios against
// the JSON baseline of its own batch (same process or page) and against the
// fastest pure-JS library of the data set (another process), its interop
// share, and the sizes per format. Rendering is the caller's.

import { ADDON_PLACE, isJsonBaseline, isJsonUtf8Baseline, pathLabel } from '../../catalog.mjs';
import { formatBytes, interopShare } from '../../harness/format.mjs';
import { groupBy } from '../../harness/group-by.mjs';
import { median } from '../../harness/stats.mjs';
import { fastestPeers, isOk, isPeerRow } from '../../harness/references.mjs';
import { unitComparisons } from '../../harness/unit-comparisons.mjs';
import { datasetInfo, isUserDataset } from './dataset-catalog.mjs';

/** What names a user's document beside its id: "your file, 15.2 KB, document checksum 0x1234abcd". */
export function userFileText({ fileBytes, documentChecksum }) {
  const parts = ['your file'];
  if (fileBytes !== undefined) parts.push(formatBytes(fileBytes));
  if (documentChecksum !== undefined) parts.push(`document checksum ${documentChecksum}`);
  return parts.join(', ');
}

/**
 * A user's document's facts as its rows carry them, { fileBytes,
 * documentChecksum } (either may be missing from a file that could not be
 * read), or undefined for a data set the project makes.
 */
export function userFileOf(rows, dataset) {
  if (!isUserDataset(dataset)) return undefined;
  const own = rows.filter((row) => row.dataset === dataset);
  return {
    fileBytes: own.find((row) => row.fileBytes !== undefined)?.fileBytes,
    documentChecksum: own.find((row) => row.documentChecksum !== undefined)?.documentChecksum,
  };
}

/**
 * A data set's title over its tables: its id, what names a user's document,
 * and the size of its JSON text: "user:my.json (your file, 15.2 KB, document
 * checksum 0x...; 12.1 KB of JSON)".
 */
export function datasetTitle(rows, dataset, jsonBytes) {
  const file = userFileOf(rows, dataset);
  const parts = [file && userFileText(file), jsonBytes && `${formatBytes(jsonBytes)} of JSON`].filter(
    Boolean,
  );
  return parts.length > 0 ? `${dataset} (${parts.join('; ')})` : dataset;
}

/** The catalog's entry of a data set ({ label, what }), or undefined for an id it does not know (an older file). */
export function datasetEntry(id) {
  try {
    return datasetInfo(id);
  } catch {
    return undefined;
  }
}

/** The data sets of `rows`, in the order they were measured. */
export const datasetsOf = (rows) => [...new Set(rows.map((row) => row.dataset))];

/**
 * One data set's time table: { dataset, jsonBytes, fastest, lines }, a line
 * per path ({ row, label, vsJson, vsFastest, encodeShare, decodeShare }),
 * the JSON baseline first, then the wasm paths, then the libraries.
 */
export function timeTable(rows, dataset) {
  const own = rows.filter((row) => row.dataset === dataset);
  const fastest = fastestPeers(own);
  const comparisons = unitComparisons(own);
  const rank = (row) => (isJsonBaseline(row) ? 0 : isJsonUtf8Baseline(row) ? 1 : row.impl === 'js' ? 3 : 2);
  // One line per path: the baselines of every batch stand as one (their first).
  const byPath = groupBy(own, pathLabel);
  const lines = [...byPath.values()]
    .map((group) => group.find(isOk) ?? group[0])
    .sort((a, b) => rank(a) - rank(b))
    .map((row) => ({
      row,
      label: pathLabel(row),
      // The answer in words takes the same figures (src/harness/unit-comparisons.mjs).
      vsJson: isJsonBaseline(row) ? undefined : comparisons.of(row).vsJson,
      vsFastest: isPeerRow(row) ? undefined : comparisons.of(row).vsFastest,
      encodeShare: interopShare(row.encode, row.encodePhases),
      decodeShare: interopShare(row.decode, row.decodePhases),
    }));
  return { dataset, jsonBytes: own.find((row) => row.jsonBytes)?.jsonBytes, fastest, lines };
}

/**
 * One data set's sizes: a line per format and library that wrote it
 * ({ label, codec, bytes, gzipBytes, gzip9Bytes }); the C++ strategies of a
 * codec write the same bytes, so they stand as one line ("msgpack (C++)").
 */
export function sizeTable(rows, dataset) {
  const lines = new Map();
  for (const row of rows) {
    if (row.dataset !== dataset || !isOk(row) || isJsonUtf8Baseline(row)) continue;
    const label = row.impl === 'cpp' ? `${row.codec} (C++)` : pathLabel(row);
    if (lines.has(label)) continue;
    lines.set(label, {
      label,
      codec: row.codec,
      bytes: row.encodedBytes,
      gzipBytes: row.gzipBytes,
      gzip9Bytes: row.gzip9Bytes,
    });
  }
  return [...lines.values()];
}

/** A C++ strategy's name in the interop shares: wasm's as they are, the addon's "tagged (addon)". */
export const strategyName = (row) => (row.place === ADDON_PLACE ? `${row.interop} (addon)` : row.interop);

/**
 * The interop share of each wasm strategy (and of each of the Node-API
 * addon's, "tagged (addon)": the same C++ behind another boundary, never
 * pooled with wasm's) on a data set: { strategy: { encode, decode } }, the
 * median over the codecs measured through it.
 */
export function interopShares(rows, dataset) {
  const shares = {};
  const cpp = rows.filter((row) => row.dataset === dataset && row.impl === 'cpp' && isOk(row));
  for (const [strategy, group] of groupBy(cpp, strategyName)) {
    const pick = (operation) => {
      const values = group
        .map((row) => interopShare(row[operation], row[`${operation}Phases`]))
        .filter((share) => share !== undefined);
      return values.length > 0 ? median(values) : undefined;
    };
    shares[strategy] = { encode: pick('encode'), decode: pick('decode'), codecs: group.length };
  }
  return shares;
}
