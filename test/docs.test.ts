import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The TypeScript examples of the README and docs/ run here, so they stay true. A statement
// followed by a comment that starts with a literal (`robots.isAllowed(u, a); // false (line 2)`)
// asserts that the statement's value equals it. A block that needs the network or names values it
// does not define is fenced as ```ts no-run and is only shown.
const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = `${root}test/.docs-examples/`;
const files = ['README.md', ...readdirSync(`${root}docs`).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);

/** The runnable TypeScript of one file: its ```ts blocks in order, as one module. */
interface Example {
  readonly file: string;
  readonly code: string;
  readonly blocks: number;
}

function exampleOf(file: string): Example {
  const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
  const code: string[] = [];
  let blocks = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```ts') continue;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== '```') end++;
    blocks++;
    // Blank lines keep each statement on its own line number in the generated module.
    code.length = i + 1;
    for (let k = i + 1; k < end; k++) code[k] = lines[k]!;
    i = end;
  }
  return { file, code: Array.from(code, (line) => line ?? '').join('\n'), blocks };
}

/** A literal at the start of a comment: true, false, undefined, null, a number, a quoted string. */
const LITERAL =
  /^(true|false|undefined|null|-?\d[\d_]*(?:\.\d+)?|'(?:[^'\\]|\\.)*')(?=$|[\s:;,.—(])/;

function instrument(code: string, file: string): { source: string; assertions: number } {
  let assertions = 0;
  const out = code.split('\n').map((line, index) => {
    const match = /^(\s*)(.+?);\s*\/\/\s*(.*)$/.exec(line);
    if (match === null) return line;
    const [, indent, statement, comment] = match as unknown as [string, string, string, string];
    if (/^(const|let|var|import|export|if|for|return)\b/.test(statement)) return line;
    const where = JSON.stringify(`${file}:${index + 1} ${statement}`);
    const thrown = /^throws (\w+)/.exec(comment);
    if (thrown !== null) {
      assertions++;
      return `${indent}__throws(() => ${statement}, '${thrown[1]}', ${where});`;
    }
    const literal = LITERAL.exec(comment);
    if (literal === null) return line;
    assertions++;
    return `${indent}__expect(${statement}, ${literal[1]!.replaceAll('_', '')}, ${where});`;
  });
  return { source: out.join('\n'), assertions };
}

const PRELUDE = `const __failures: string[] = [];
function __expect(actual: unknown, expected: unknown, where: string): void {
  if (!Object.is(actual, expected)) __failures.push(\`\${where} gave \${String(actual)}, the docs say \${String(expected)}\`);
}
function __throws(run: () => unknown, name: string, where: string): void {
  try {
    run();
    __failures.push(\`\${where} did not throw, the docs say it throws \${name}\`);
  } catch (error) {
    if ((error as Error).name !== name) __failures.push(\`\${where} threw \${String(error)}, the docs say \${name}\`);
  }
}
`;

const packageExports = (
  JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    exports: Record<string, { default: string } | string>;
  }
).exports;

/** The source file behind an entry point of the package (`robots-rep/redis` → src/…/redis.ts). */
function sourceOf(specifier: string): string {
  const entry = packageExports[`.${specifier.slice('robots-rep'.length)}`];
  if (entry === undefined || typeof entry === 'string') throw new Error(`no export ${specifier}`);
  const file = entry.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
  return pathToFileURL(`${root}${file}`).href;
}

const examples = files.map(exampleOf).filter((e) => e.blocks > 0);

describe('the examples in the docs', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('are found in the README and docs/', () => {
    expect(examples.map((e) => e.file)).toContain('README.md');
    expect(examples.map((e) => e.file)).toContain('docs/api.md');
  });

  it.each(examples.map((e) => [e.file, e] as const))(
    '%s: every example runs and says true',
    async (_, example) => {
      const { source, assertions } = instrument(example.code, example.file);
      // The package's own entry points, from its exports: dist/x.js is src/x.ts.
      const body = source.replaceAll(
        /from '(robots-rep(?:\/[\w-]+)?)'/g,
        (_, specifier: string) => `from '${sourceOf(specifier)}'`,
      );
      const name = `${example.file.replaceAll('/', '_')}.ts`;
      // The prelude goes on the first line, so the module's line numbers are the file's.
      writeFileSync(
        `${scratch}${name}`,
        `${PRELUDE.replaceAll('\n', ' ')}${body}\nexport const failures: string[] = __failures;\n`,
      );
      const module = (await import(/* @vite-ignore */ `${scratch}${name}`)) as {
        failures: string[];
      };
      expect(module.failures).toEqual([]);
      // Every file with runnable examples states results, so the test can fail.
      expect(assertions).toBeGreaterThan(0);
    },
  );
});
