import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package entry must run unchanged in browsers: no `node:*` module, no Node-only global,
// anywhere in what it imports (the CLI and the Redis subpath are separate entry points).
function importGraph(entry: string): { sources: Map<string, string>; external: string[] } {
  const sources = new Map<string, string>();
  const external: string[] = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (sources.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    sources.set(file, source);
    // `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
    const specifiers = source.matchAll(
      /^(?:import|export)(?:[^'"]*from)?\s*'([^']+)'|\bimport\(\s*'([^']+)'/gm,
    );
    for (const [, fromClause, dynamic] of specifiers) {
      const specifier = (fromClause ?? dynamic)!;
      if (specifier.startsWith('.')) {
        pending.push(fileURLToPath(new URL(specifier.replace(/\.js$/, '.ts'), `file://${file}`)));
      } else {
        external.push(`${file} → ${specifier}`);
      }
    }
  }
  return { sources, external };
}

describe('the package entry is browser-safe', () => {
  const { sources, external } = importGraph(
    fileURLToPath(new URL('../src/index.ts', import.meta.url)),
  );

  it('follows the whole import graph', () => {
    expect([...sources.keys()].some((f) => f.endsWith('/src/parse/tokenize.ts'))).toBe(true);
    expect([...sources.keys()].some((f) => f.endsWith('/src/fetch/fetch.ts'))).toBe(true);
  });

  it('imports no package and no node:* module', () => {
    expect(external).toEqual([]);
  });

  it('uses no Node-only global, except read as an optional property of globalThis', () => {
    // The one allowed form: `(globalThis as …).Buffer?.…`, a feature test that is undefined in a
    // browser (src/util/bytes.ts takes its portable path then). Any other use fails here.
    const guarded = /\(globalThis as [^()]*\)\s*\.(process|Buffer)\s*\?\./g;
    for (const [file, source] of sources) {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(guarded, '');
      // A global is an identifier of its own: not a property (`x.process`) nor part of a path
      // in a string (`/liferay/global.bundle.js`, a layout's representative URL).
      expect(code, file).not.toMatch(
        /(?<![./-])\b(process|Buffer|require|__dirname|global)\b\s*(\?\.|[.([])/,
      );
    }
  });
});

describe('the ai-preferences subpath is browser-safe', () => {
  const { sources, external } = importGraph(
    fileURLToPath(new URL('../src/ai-preferences/index.ts', import.meta.url)),
  );
  // Its one package, read as the browser build reads it.
  const library = fileURLToPath(
    new URL('../node_modules/structured-headers/dist/', import.meta.url),
  );
  const libraryFiles = readdirSync(library).filter((f) => f.endsWith('.js'));

  it('imports structured-headers and nothing else from outside', () => {
    expect(new Set(external.map((e) => e.split(' → ')[1]))).toEqual(
      new Set(['structured-headers']),
    );
    expect([...sources.keys()].some((f) => f.endsWith('/src/ai-preferences/usage.ts'))).toBe(true);
  });

  it('uses no Node-only global, nor does structured-headers', () => {
    expect(libraryFiles).toContain('parser.js');
    const all = [
      ...sources,
      ...libraryFiles.map((f) => [f, readFileSync(library + f, 'utf8')] as const),
    ];
    for (const [file, source] of all) {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(
        /(?<![./-])\b(process|Buffer|require|__dirname|global)\b\s*[.(]/,
      );
      expect(code, file).not.toMatch(/from\s*['"]node:/);
    }
  });
});
