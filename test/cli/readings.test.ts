import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRobotstxt } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'robotstxt-readings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'robots.txt');
writeFileSync(file, 'User-agent: *\nDisallow: /*.pdf\nDisallow: /a\nAllow: /a/b\n');

describe('other readings on the command line', () => {
  it('check --compare prints every reading’s verdict', async () => {
    const r = await runRobotstxt(['check', '--compare', '-a', 'MyBot', '-r', file, '/x.pdf', '/c']);
    expect(r.stdout.split('\n')).toEqual([
      'DISALLOWED  /x.pdf  line 2: Disallow: /*.pdf',
      '            readings differ: google DISALLOWED (line 2) · rfc9309 DISALLOWED (line 2) · draft-1996 allowed · python-urllib allowed · python-urllib-rfc9309 DISALLOWED (line 2)',
      'allowed     /c  no matching rule',
      '            all readings agree: google allowed · rfc9309 allowed · draft-1996 allowed · python-urllib allowed · python-urllib-rfc9309 allowed',
      '',
    ]);
    const json = JSON.parse(
      (await runRobotstxt(['check', '--json', '--compare', '-a', 'MyBot', '-r', file, '/a/b']))
        .stdout,
    );
    expect(json.results[0].readings).toEqual([
      { interpretation: 'google', allowed: true, line: 4 },
      { interpretation: 'rfc9309', allowed: true, line: 4 },
      { interpretation: 'draft-1996', allowed: false, line: 3 },
      { interpretation: 'python-urllib', allowed: false, line: 3 },
      { interpretation: 'python-urllib-rfc9309', allowed: true, line: 4 },
    ]);
  });

  it('check --compare --explain says why each reading that differs decides as it does', async () => {
    const r = await runRobotstxt([
      'check',
      '--compare',
      '--explain',
      '-a',
      'MyBot',
      '-r',
      file,
      '/a/b',
    ]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('allowed     /a/b  line 4: Allow: /a/b');
    expect(lines.slice(3, 5)).toEqual([
      '            draft-1996: Disallowed by line 3 "Disallow: /a" of the "*" record (no record names the robot): the 1996 draft takes the first rule in file order that is a prefix of /a/b (no wildcards), not the longest.',
      expect.stringMatching(
        /^ {12}python-urllib: Disallowed by line 3 "Disallow: \/a" of the "\*" entry/,
      ),
    ]);
    expect(lines).toHaveLength(6);
  });

  it('lint --readings reports rules read differently, and only on request', async () => {
    const plain = await runRobotstxt(['lint', '--json', file]);
    expect(
      JSON.parse(plain.stdout).files[0].diagnostics.map((d: { code: string }) => d.code),
    ).not.toContain('reading-first-match');
    const r = await runRobotstxt(['lint', '--json', '--readings', file]);
    const found = JSON.parse(r.stdout).files[0].diagnostics.filter((d: { code: string }) =>
      d.code.startsWith('reading-'),
    );
    expect(found.map((d: { line: number; code: string }) => [d.line, d.code])).toEqual([
      [2, 'reading-wildcard'],
      [4, 'reading-first-match'],
    ]);
    expect(found[0].message).toContain('take "*" and "$" literally');
    expect(found[1].message).toContain('first matching rule in file order');
  });

  it('audit --readings adds a "read by" column', async () => {
    const r = await runRobotstxt([
      'audit',
      file,
      '--path',
      '/a/b',
      '--purpose',
      'search',
      '--readings',
    ]);
    expect(r.stdout.split('\n')[1]).toMatch(/read by$/);
    expect(r.stdout).toContain('differs: draft-1996, python-urllib');
  });
});
