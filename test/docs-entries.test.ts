import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue #30, rule 1: the root entry has no address policy, so a Node reader who copies an example
// must get the client and the fetcher from `robots-rep/node`. Every example in the README, the
// docs and the JSDoc that imports them imports them from there, and the docs say in one place
// which entry to use where.
const root = fileURLToPath(new URL('..', import.meta.url));
const FETCHING = ['createRobotsClient', 'fetchRobotsTxt'];

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(`${root}${dir}`, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => `${entry.parentPath.slice(root.length)}/${entry.name}`);
}

const files = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...sources('src'),
];

/** `[file:line, names]` of every import of names from the root entry, in code or in comments. */
function rootImports(): [string, string[]][] {
  const found: [string, string[]][] = [];
  for (const file of files) {
    const text = readFileSync(`${root}${file}`, 'utf8');
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'robots-rep'/g)) {
      const line = text.slice(0, match.index).split('\n').length;
      const names = match[1]!.split(',').map((name) => name.replace(/^\s*\*?\s*/, '').trim());
      found.push([`${file}:${line}`, names]);
    }
  }
  return found;
}

describe('which entry the examples import fetching from', () => {
  it('no example imports createRobotsClient or fetchRobotsTxt from the root entry', () => {
    const imports = rootImports();
    // The scan reads the examples (parseRobotsTxt and others come from the root entry).
    expect(imports.length).toBeGreaterThan(10);
    const fetching = imports.filter(([, names]) => names.some((name) => FETCHING.includes(name)));
    expect(fetching).toEqual([]);
  });

  it('the docs say in one place which entry to use where, and the README links to it', () => {
    const docs = readFileSync(`${root}docs/fetching-and-caching.md`, 'utf8');
    expect(docs).toMatch(/^## Which entry to import$/m);
    const section = docs.slice(docs.indexOf('## Which entry to import'));
    expect(section).toMatch(/`robots-rep\/node`/);
    expect(section).toMatch(/no address policy/);
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain('docs/fetching-and-caching.md#which-entry-to-import');
  });
});
