import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The package entry must run unchanged in browsers: no `node:*` module, no Node-only global,
// anywhere in what it imports (the CLI and the Redis subpath are separate entry points).
function importGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    files.set(file, source);
    for (const [, specifier] of source.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)) {
      if (specifier!.startsWith('.')) {
        pending.push(fileURLToPath(new URL(specifier!.replace(/\.js$/, '.ts'), `file://${file}`)));
      } else {
        files.set(`${file} → ${specifier}`, '');
      }
    }
  }
  return files;
}

describe('the package entry is browser-safe', () => {
  const graph = importGraph(fileURLToPath(new URL('../src/index.ts', import.meta.url)));

  it('follows the whole import graph', () => {
    expect([...graph.keys()].some((f) => f.endsWith('/src/tokenize.ts'))).toBe(true);
    expect([...graph.keys()].some((f) => f.endsWith('/src/fetch.ts'))).toBe(true);
  });

  it('imports no package and no node:* module', () => {
    expect([...graph.keys()].filter((key) => key.includes(' → '))).toEqual([]);
  });

  it('uses no Node-only global', () => {
    for (const [file, source] of graph) {
      const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\b(process|Buffer|require|__dirname|global)\b\s*[.(]/);
    }
  });
});
