/**
 * The built `robotstxt` bin as a subprocess: the package's own build (tsc into a scratch folder, so
 * the suite never touches dist/), run by node, with real process streams and exit codes.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, so the build resolves commander from node_modules; ignored by git.
const scratch = `${root}test/.smoke-build/`;
const bin = `${scratch}dist/cli/bin.js`;

beforeAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  copyFileSync(`${root}package.json`, `${scratch}package.json`);
  execFileSync(
    process.execPath,
    [
      `${root}node_modules/typescript/bin/tsc`,
      '-p',
      `${root}tsconfig.build.json`,
      '--outDir',
      `${scratch}dist`,
    ],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function robotstxt(args: readonly string[], input = '') {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

describe('the built bin', () => {
  it('runs the README example: disallowed, exit 1', () => {
    const r = robotstxt([
      'check',
      '--robots',
      'examples/robots.txt',
      '--agent',
      'ExampleBot',
      'https://example.com/private/x',
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      'DISALLOWED  https://example.com/private/x  line 5: Disallow: /private/\n',
    );
  });

  it('prints the package version', () => {
    const version = JSON.parse(
      execFileSync('node', ['-p', 'JSON.stringify(require("./package.json").version)'], {
        cwd: root,
        encoding: 'utf8',
      }),
    );
    expect(robotstxt(['--version']).stdout).toBe(`${version}\n`);
  });

  it('exits 2 with one line for a typo, and 1 after a closed pipe that had a disallowed line', () => {
    const typo = robotstxt(['check', '--agnet', 'x']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe(
      'robotstxt: unknown option \'--agnet\' (did you mean --agent?) (see "robotstxt check --help")\n',
    );
    const lines = Array.from({ length: 20000 }, (_, i) =>
      JSON.stringify({
        robotstxt: 'User-agent: *\nDisallow: /x\n',
        useragent: 'a',
        url: i === 0 ? 'http://h/x' : 'http://h/y',
      }),
    ).join('\n');
    const piped = spawnSync(
      'bash',
      ['-c', `node ${bin} check --jsonl | head -1; exit \${PIPESTATUS[0]}`],
      { cwd: root, input: lines, encoding: 'utf8' },
    );
    expect(piped.stdout).toBe('{"allowed":false,"line":2}\n');
    expect(piped.status).toBe(1);
  });
});
