import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintRobotsTxt, toSarif } from '../../src/index.js';
import { runRobotstxt } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'robotstxt-lint-fix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BODY =
  'Disallow: /early\r\nUser-agent: Googlebot, Bingbot\r\nDisalow: /x\r\nDisallow: z/\r\nDisallow: xnet.example.org/\r\n';

describe('robotstxt lint --fix (issue #31)', () => {
  it('--fix-dry-run prints the changed lines and the verdicts, and writes nothing', async () => {
    const file = path.join(dir, 'dry.txt');
    writeFileSync(file, BODY);
    const r = await runRobotstxt(['lint', '--fix-dry-run', file]);
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(BODY);
    expect(r.stdout).toContain('@@ -1,0 +1,1 @@\n+User-agent: *\n');
    expect(r.stdout).toContain('-Disallow: z/\n');
    expect(r.stdout).toContain('+Disallow: /z/\n');
    expect(r.stdout).toContain('  Bingbot /z/: allowed (no rule; no group applies) → disallowed');
    // The host written as a path has no fix: its line is left alone.
    expect(r.stdout).not.toMatch(/^[-+]Disallow: .*xnet\.example\.org/m);
  });

  it('--fix writes the fixed file, keeping its line breaks, and reports what is left', async () => {
    const file = path.join(dir, 'fix.txt');
    writeFileSync(file, BODY);
    const r = await runRobotstxt(['lint', '--fix', file]);
    expect(readFileSync(file, 'utf8')).toBe(
      'User-agent: *\r\nDisallow: /early\r\nUser-agent: Googlebot\r\nUser-agent: Bingbot\r\nDisallow: /x\r\nDisallow: /z/\r\nDisallow: xnet.example.org/\r\n',
    );
    expect(r.stderr).toMatch(/: \d+ fixes applied\n$/);
    // What is left: the host written as a path, which has no fix.
    expect(r.stdout).toMatch(/fix\.txt:\d+:\d+ .*xnet\.example\.org/);
  });

  it("applies an info's fix only when it changes no verdict", async () => {
    // Twitterbot's Allow-only group escapes the * rules: an info (a link-preview fetcher may be
    // let in on purpose) whose fix, repeating the * rules, blocks /private/ for it.
    const body =
      'User-agent: Twitterbot\nAllow: /images/\n\nUser-agent: *\nDisallow: /private/\nDissallow: /tmp/\n';
    const info = lintRobotsTxt(body).diagnostics.find((d) => d.code === 'user-agent-without-rules');
    expect(info?.severity).toBe('info');
    expect(info?.fix?.verdicts.length).toBeGreaterThan(0);
    const file = path.join(dir, 'info.txt');
    writeFileSync(file, body);
    const r = await runRobotstxt(['lint', '--fix', file]);
    expect(r.stderr).toMatch(/: 1 fix applied\n$/);
    expect(readFileSync(file, 'utf8')).toBe(body.replace('Dissallow', 'Disallow'));
    expect(r.stdout).toMatch(/info\.txt:1:1 +info .*\[user-agent-without-rules\]/);
  });

  it('refuses --fix on stdin and --fix with --fix-dry-run', async () => {
    expect((await runRobotstxt(['lint', '--fix', '-'], BODY)).code).toBe(2);
    expect((await runRobotstxt(['lint', '--fix', '--fix-dry-run', '-'], BODY)).code).toBe(2);
  });
});

describe('the same answers as lintRobotsTxt (issue #31)', () => {
  it('gives the same diagnostics and fixes in JSON and SARIF, past 500 KiB too', async () => {
    // Past 500 KiB: comment lines, so that the file has few rules.
    const lines = ['User-agent: *', 'Disallow: private/'];
    while (lines.join('\n').length < 600 * 1024) lines.push(`# ${'x'.repeat(1000)}`);
    // A rule that matches paths: the cut loses it (one that never matches would make it an info).
    lines.push('Disallow: /tail/');
    const body = `${lines.join('\n')}\n`;
    const file = path.join(dir, 'big.txt');
    writeFileSync(file, body);
    const library = lintRobotsTxt(body, { minSeverity: 'warning' });
    expect(library.diagnostics.map((d) => d.code)).toEqual([
      'pattern-never-matches',
      'content-past-limit',
    ]);
    const json = JSON.parse(
      (await runRobotstxt(['lint', '--json', '--min-severity', 'warning', file])).stdout,
    );
    expect(json.files[0].diagnostics).toEqual(JSON.parse(JSON.stringify(library.diagnostics)));
    const sarif = JSON.parse(
      (await runRobotstxt(['lint', '--format', 'sarif', '--min-severity', 'warning', file])).stdout,
    );
    const expected = toSarif([{ uri: file, result: library }]).runs[0]!.results;
    expect(sarif.runs[0].results).toEqual(JSON.parse(JSON.stringify(expected)));
  }, 120_000);
});
