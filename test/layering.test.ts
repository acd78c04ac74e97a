import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The folders are the architecture (CONTRIBUTING.md): each layer imports only from layers below
// it, so the graph has no cycle and a newcomer can read it bottom-up.
//   util ← parse ← match ← (robots, explain, extensions, readings) ← changes ← fetch, lint, audit ← verify ← cache
//   ← node, ai-preferences ← sitemaps ← compat ← index ← cli, web
const LAYERS: Readonly<Record<string, number>> = {
  'types.ts': 0.5,
  'errors.ts': 0.5,
  util: 0,
  parse: 1,
  match: 2,
  'robots.ts': 3,
  // The parsed file (the facade); robots.ts, above it, parses and hands it the readings' parser.
  'parsed-robots.ts': 2.9,
  // The facade's parts: which groups a query selects, and the records it builds.
  'rule-sets.ts': 2.4,
  'model-records.ts': 2.4,
  'explain.ts': 2.5,
  extensions: 3,
  // Other readings of a file, and the crawler catalog and model (whose group decides for a
  // crawler) that lint, audit and verify share.
  readings: 2.7,
  // What changes between two parsed files: the diff's and lint's fix verification's engine.
  changes: 3.5,
  fetch: 4,
  lint: 4,
  audit: 4,
  report: 4,
  verify: 4.5,
  cache: 5,
  // Drop-ins over the Node entries: robots-rep/crawlee reads sitemaps through robots-rep/sitemaps.
  compat: 6.7,
  node: 6,
  // robots-rep/ai-preferences: a subpath entry (it depends on structured-headers).
  'ai-preferences': 6,
  // robots-rep/sitemaps: a subpath entry over robots-rep/node (it depends on saxes).
  sitemaps: 6.5,
  'index.ts': 7,
  cli: 8,
  web: 8,
};

const src = fileURLToPath(new URL('../src/', import.meta.url));

function layerOf(file: string): { name: string; rank: number } {
  const name = path.relative(src, file).split(path.sep)[0]!;
  const rank = LAYERS[name];
  if (rank === undefined) throw new Error(`${name} (of ${file}) has no layer: add it to LAYERS`);
  return { name, rank };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const edges = sourceFiles(src).flatMap((file) => {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)(?:[^'"]*from)?\s*'(\.[^']+)'/gm)].map(
    ([, specifier]) => ({
      file,
      target: path.resolve(path.dirname(file), specifier!).replace(/\.js$/, '.ts'),
    }),
  );
});

describe('the layers', () => {
  it('sees the imports of every layer', () => {
    expect(edges.length).toBeGreaterThan(100);
    const layers = new Set(edges.map((e) => layerOf(e.file).name));
    for (const layer of ['parse', 'match', 'fetch', 'cache', 'lint', 'cli']) {
      expect(layers).toContain(layer);
    }
  });

  it('import only downward (or within their own folder)', () => {
    const upward = edges.flatMap(({ file, target }) => {
      const from = layerOf(file);
      const to = layerOf(target);
      if (from.name === to.name || to.rank < from.rank) return [];
      return [`${path.relative(src, file)} → ${path.relative(src, target)}`];
    });
    expect(upward).toEqual([]);
  });

  it('reach the parsed file only through robots.ts, which hands it the readings parser', () => {
    const parsed = path.join(src, 'parsed-robots.ts');
    const importers = edges
      .filter(({ target }) => target === parsed)
      .map(({ file }) => path.relative(src, file));
    expect(new Set(importers)).toEqual(new Set(['robots.ts']));
  });

  it('give lint, audit and verify one crawler model, below all three', () => {
    const model = path.join(src, 'readings', 'crawler-model.ts');
    const users = new Set(
      edges.filter(({ target }) => target === model).map(({ file }) => layerOf(file).name),
    );
    for (const layer of ['lint', 'audit', 'verify']) expect(users).toContain(layer);
  });

  it('keep the command line on the public API (the entry and its subpaths) and the small utilities', () => {
    const cli = sourceFiles(path.join(src, 'cli'));
    const reached = edges
      .filter(({ file }) => layerOf(file).name === 'cli')
      .map(({ target }) => layerOf(target).name)
      .filter((name) => name !== 'cli');
    expect(new Set(reached)).toEqual(new Set(['index.ts', 'util']));
    // A subpath entry is imported by the package's name, as a user of the package reaches it.
    const exported = Object.keys(
      (
        JSON.parse(readFileSync(path.join(src, '../package.json'), 'utf8')) as {
          exports: Record<string, unknown>;
        }
      ).exports,
    ).map((key) => key.replace(/^\./, 'robots-rep'));
    const named = cli.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import[^'"]*from\s*'(robots-rep[^']*)'/gm)].map(
        ([, specifier]) => specifier!,
      ),
    );
    expect(named).toContain('robots-rep/node');
    for (const specifier of named) expect(exported).toContain(specifier);
  });

  it('keep the matcher engines behind its interface', () => {
    // src/match/README.md: the definition and the interface at the top of match/, the engines
    // in folders below it. Only match/ reaches an engine; the definition reaches none.
    const match = path.join(src, 'match');
    const engineOf = (file: string): string | null => {
      const parts = path.relative(match, file).split(path.sep);
      return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
    };
    const definition = ['matcher.ts', 'strategy.ts', 'pattern.ts', 'path.ts'].map((name) =>
      path.join(match, name),
    );
    const reaching = edges.flatMap(({ file, target }) => {
      if (engineOf(target) === null) return [];
      const outside = !file.startsWith(match + path.sep);
      if (!outside && !definition.includes(file)) return [];
      return [`${path.relative(src, file)} → ${path.relative(src, target)}`];
    });
    expect(reaching).toEqual([]);
    // The engines are where the README says, and something outside match/ asks the interface.
    const engines = new Set(edges.map(({ target }) => engineOf(target)).filter((e) => e !== null));
    expect(engines).toEqual(new Set(['scan', 'index', 'wildcard']));
    const asking = edges.filter(
      ({ file, target }) =>
        !file.startsWith(match + path.sep) && target === path.join(match, 'compile.ts'),
    );
    expect(asking.length).toBeGreaterThan(0);
  });

  it("keep the matcher's parts small, each opening with what it does", () => {
    // Issue #33: no file in src/match over 500 lines, no class over 350 (from its declaration to
    // the closing brace at the start of a line), each file opening with a comment saying what it
    // does and when it runs.
    const large = sourceFiles(path.join(src, 'match')).flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      const name = path.relative(src, file);
      const found: string[] = [];
      if (lines.length > 501 || (lines.length === 501 && lines[500] !== '')) {
        found.push(`${name}: ${lines.length} lines`);
      }
      if (!lines[0]!.startsWith('/**')) found.push(`${name}: opens without a comment`);
      let start = -1;
      let className = '';
      lines.forEach((line, i) => {
        const declared = /^(?:export )?(?:abstract )?class (\w+)/.exec(line);
        if (declared && start < 0) {
          start = i;
          className = declared[1]!;
        } else if (start >= 0 && line.startsWith('}')) {
          if (i - start + 1 > 350)
            found.push(`${name}: class ${className}, ${i - start + 1} lines`);
          start = -1;
        }
      });
      return found;
    });
    expect(large).toEqual([]);
  });
});
