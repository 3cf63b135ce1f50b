// The page's query string: the run options npm run bench:web and the tests
// pass to it (the page's applyQuery reads them back into its form). Plain
// JS, no DOM: Node builds URLs with it too.

/** Options given as comma-separated lists; [] is an empty list, which the page honours (e.g. no JS library). */
export const LIST_PARAMS = Object.freeze(['codecs', 'strategies', 'peers', 'records', 'datasets']);

/** Numeric options, by query key, with the id of the form input each one fills. */
export const NUMBER_INPUTS = Object.freeze({
  minMB: 'min-mb',
  maxMB: 'max-mb',
  perDecade: 'per-decade',
  repetitions: 'repetitions',
  warmup: 'warmup',
  minRepMs: 'min-rep-ms',
});

/**
 * Switches: autorun starts the run; preciseMemory says Chromium runs with
 * --enable-precise-memory-info.
 */
export const FLAG_PARAMS = Object.freeze(['autorun', 'preciseMemory']);

/**
 * URLs of a user's documents for the page to fetch and offer as data sets
 * (bench:web serves them: node/serve.mjs), relative to the page, each
 * ending in its file's name; comma-separated, each URI-encoded.
 */
export const DOCUMENTS_PARAM = 'documents';

/** The URLs of DOCUMENTS_PARAM in `params` (URLSearchParams). */
export const documentUrlsOf = (params) =>
  (params.get(DOCUMENTS_PARAM) ?? '').split(',').filter(Boolean).map(decodeURIComponent);

/** The page URL `base` with the run options (workload, lists, numbers, flags) in its query string. */
export function pageUrl(base, options = {}) {
  const url = new URL(base);
  if (options.workload !== undefined) url.searchParams.set('workload', options.workload);
  for (const key of LIST_PARAMS)
    if (options[key] !== undefined) url.searchParams.set(key, options[key].join(','));
  if (options.documentUrls?.length > 0)
    url.searchParams.set(DOCUMENTS_PARAM, options.documentUrls.map(encodeURIComponent).join(','));
  for (const key of Object.keys(NUMBER_INPUTS))
    if (options[key] !== undefined) url.searchParams.set(key, String(options[key]));
  for (const key of FLAG_PARAMS) if (options[key]) url.searchParams.set(key, '1');
  return url.href;
}
