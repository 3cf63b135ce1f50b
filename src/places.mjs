// The places as Node finds them: one declaration per file in src/places/
// (docs/places.md), and the runtimes pinned in src/places/runtimes.json.
// Node only: it reads the folder, so nothing else lists places; importing it
// registers them with src/engines.mjs (labels and engines).

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { registerPlaces } from './engines.mjs';

const PLACES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'places');

/** The pinned runtimes: { 'node@24': { place, package, version, binary, prints, integrity }, ... }. */
export const PINNED_RUNTIMES = JSON.parse(readFileSync(path.join(PLACES_DIR, 'runtimes.json'), 'utf8'));

let loaded;

/** Every place's declaration, by name, in their `order` (runtimes, then browsers). */
export function places() {
  loaded ??= (async () => {
    const found = [];
    for (const file of readdirSync(PLACES_DIR).filter((name) => name.endsWith('.mjs')))
      found.push((await import(pathToFileURL(path.join(PLACES_DIR, file)))).default);
    found.sort((a, b) => a.order - b.order);
    registerPlaces(found);
    return Object.fromEntries(found.map((place) => [place.name, place]));
  })();
  return loaded;
}

const BROWSER_PLACES = Object.values(await places()).filter((place) => place.kind === 'browser');

/** The browsers bench:web drives, in run order; the first is the default. */
export const BROWSER_NAMES = Object.freeze(BROWSER_PLACES.map((place) => place.name));
export const DEFAULT_BROWSER = BROWSER_NAMES[0];

/**
 * The name a browser's results files carry before the date
 * (results/browser-firefox-<date>.json), so the report can pick the latest
 * of each browser; the default browser's files keep their older name
 * (results/browser-<date>.json).
 */
export function resultsFileTag(browser) {
  return browser === DEFAULT_BROWSER ? undefined : browser;
}

/** The browsers whose results files carry their name (resultsFileTag). */
export const TAGGED_BROWSERS = Object.freeze(BROWSER_NAMES.filter((name) => resultsFileTag(name)));

/** The declaration of the runtime this process runs in. */
export async function currentRuntime() {
  const runtime = Object.values(await places()).find(
    (place) => place.kind === 'runtime' && place.isCurrent(),
  );
  if (!runtime) throw new Error('this JavaScript runtime has no declaration in src/places/');
  return runtime;
}

/**
 * The results header's `runtime` for this process: its name, version,
 * engine and the engine's version, from what it is (not process.version,
 * which Bun and Deno answer as Node 26), and the package it came from when pinned.
 */
export async function runtimeHeader() {
  const runtime = await currentRuntime();
  const versions = runtime.versions();
  const bare = versions.version.replace(/^v/, '');
  const pinned = Object.values(PINNED_RUNTIMES).find(
    (pin) => pin.place === runtime.name && pin.version === bare,
  );
  return {
    name: runtime.name,
    ...versions,
    engine: runtime.engine,
    ...(pinned && { package: `${pinned.package}@${pinned.version}` }),
  };
}
