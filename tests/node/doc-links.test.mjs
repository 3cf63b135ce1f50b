// Every relative link in README.md and docs/ reaches a file that exists and,
// when it names an anchor in a Markdown file, a heading (by GitHub's slug
// rules) or an <a id> there. Code comments that point into docs/ are held to
// the same rule, and the decisions index names every file of docs/decisions/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The text outside fenced code blocks, line by line (fenced lines become empty). */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = line.match(/^\s*(`{3,}|~{3,})/);
    if (marker && (fence === null || marker[1].startsWith(fence))) {
      fence = fence === null ? marker[1] : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** GitHub's anchor for a heading: its rendered text, lower-cased, punctuation but - and _ dropped, each space a -. */
function githubSlug(heading) {
  const text = heading
    .replace(/`([^`]*)`/g, (_, code) => code.replace(/</g, '\u0000lt').replace(/>/g, '\u0000gt'))
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*+/g, '')
    .replace(/\u0000(lt|gt)/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: heading slugs (repeats get -1, -2 ...) and <a id>/<a name>. */
function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of proseLines(text)) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const slug = githubSlug(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

/** The relative link targets of a Markdown text, outside code: [text](target) and ![alt](target). */
function linksOf(text) {
  const links = [];
  proseLines(text).forEach((line, index) => {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(match[1])) links.push({ target: match[1], line: index + 1 });
    }
  });
  return links;
}

/** What is wrong with one link from `fromFile` (absolute), or null when it resolves. */
function brokenLink(fromFile, target, anchorCache) {
  const [pathPart, anchor] = target.split('#', 2);
  const file = pathPart === '' ? fromFile : resolve(dirname(fromFile), decodeURIComponent(pathPart));
  if (!existsSync(file)) return `no file ${relative(root, file) || file}`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md')) return null;
  const anchorsIn = (markdown) => {
    if (!anchorCache.has(markdown)) anchorCache.set(markdown, anchorsOf(readFileSync(markdown, 'utf8')));
    return anchorCache.get(markdown);
  };
  const wanted = decodeURIComponent(anchor);
  if (anchorsIn(file).has(wanted)) return null;
  // A record of the decisions index that moved to its subject file: say where.
  const moved =
    file === join(root, 'docs/decisions.md') &&
    readdirSync(join(root, 'docs/decisions'))
      .filter((name) => name.endsWith('.md'))
      .find((name) => anchorsIn(join(root, 'docs/decisions', name)).has(wanted));
  return `no anchor #${anchor} in ${relative(root, file)}${moved ? `: it is in docs/decisions/${moved}` : ''}`;
}

/** Every broken relative link in the given Markdown files, as "file:line: target (reason)". */
function brokenLinks(markdownFiles) {
  const anchorCache = new Map();
  const broken = [];
  for (const file of markdownFiles) {
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      const problem = brokenLink(file, target, anchorCache);
      if (problem) broken.push(`${relative(root, file)}:${line}: ${target} (${problem})`);
    }
  }
  return broken;
}

function docsMarkdown() {
  const docs = readdirSync(join(root, 'docs'), { recursive: true })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

test('every relative link and anchor in README.md and docs/ resolves', () => {
  assert.deepEqual(brokenLinks(docsMarkdown()), []);
});

test('every docs/ reference in a code comment names a file and anchor that exist', () => {
  const sources = execFileSync('git', ['ls-files', 'src', 'node', 'web', 'scripts', 'tests'], { cwd: root })
    .toString()
    .split('\n')
    .filter((name) => /\.(mjs|js|cjs|cpp|h|hpp|cc|sh|cmake|txt|py)$/.test(name));
  const anchorCache = new Map();
  const broken = [];
  for (const name of sources) {
    const text = readFileSync(join(root, name), 'utf8');
    for (const match of text.matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
      const problem = brokenLink(join(root, 'README.md'), match[0], anchorCache);
      if (problem) broken.push(`${name}: ${match[0]} (${problem})`);
    }
  }
  assert.deepEqual(broken, []);
});

test('docs/decisions.md lists every file of docs/decisions/', () => {
  const index = readFileSync(join(root, 'docs/decisions.md'), 'utf8');
  const listed = new Set(linksOf(index).map(({ target }) => target.split('#')[0]));
  const unlisted = readdirSync(join(root, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .filter((name) => !listed.has(`decisions/${name}`));
  assert.deepEqual(unlisted, [], "give each file its line under 'The subjects' in docs/decisions.md");
});

test("the check fails on a missing file and on a missing anchor, and passes GitHub's slugs", () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  try {
    writeFileSync(
      join(dir, 'target.md'),
      "# Title\n\n## `--limits` is a block (2026-12-05)\n\n## JSON in C++: it's fine\n\n## Repeat\n\n## Repeat\n\n" +
        '<a id="explicit"></a>\n\n```\n## Not a heading\n```\n',
    );
    const good = [
      'target.md#--limits-is-a-block-2026-12-05',
      'target.md#json-in-c-its-fine',
      'target.md#repeat-1',
      'target.md#explicit',
      'target.md',
      '#own',
      'https://example.com/x.md#nowhere',
    ];
    const bad = ['missing.md', 'target.md#not-a-heading', 'target.md#repeat-2', 'target.md#Title'];
    const source = join(dir, 'source.md');
    writeFileSync(
      source,
      '## Own\n\n' +
        [...good, ...bad].map((link) => `- [x](${link})`).join('\n') +
        '\n\n`[y](missing-in-code.md)`\n',
    );
    const broken = brokenLinks([source]);
    assert.equal(broken.length, bad.length, broken.join('\n'));
    bad.forEach((link, index) =>
      assert.match(broken[index], new RegExp(`: ${link.replace(/[.#]/g, '\\$&')} \\(`)),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
