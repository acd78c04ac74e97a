import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportRobotsTxt } from '../../src/index.js';
import { runRobotstxt } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'robotstxt-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const body =
  'User-agent: *\nCrawl-delay: 5\nDissallow: /x\nDisallow /y\nunicorn: \u001b[2Jx\n# c\n\nSitemap: https://e.com/s.xml\n';
const file = path.join(dir, 'robots.txt');
writeFileSync(file, body);

describe('robotstxt report', () => {
  it('prints what Google read on each line, its flags, and the totals', async () => {
    const r = await runRobotstxt(['report', file]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      `# ${file}`,
      '1  user-agent                 User-agent: *',
      '2  recognised, not supported  Crawl-delay: 5',
      '3  disallow                   Dissallow: /x  (typo accepted)',
      '4  disallow                   Disallow /y  (missing colon)',
      '5  unknown                    unicorn: \\x1b[2Jx',
      '8  sitemap                    Sitemap: https://e.com/s.xml',
      '',
      '9 lines: 4 valid directives, 2 not used by Google (1 recognised but unsupported, 1 unknown).',
      '',
    ]);
  });

  it('lists comments and empty lines with --all', async () => {
    const r = await runRobotstxt(['report', '--all', file]);
    expect(r.stdout).toContain('6  unknown                    # c  (comment)');
    expect(r.stdout).toContain('7  unknown                      (empty)');
  });

  it('prints the library’s report as JSON', async () => {
    const r = await runRobotstxt(['report', '--json', file]);
    const json = JSON.parse(r.stdout);
    expect(json.robots).toEqual({ source: file });
    const { robots: _, ...report } = json;
    expect(report).toEqual(JSON.parse(JSON.stringify(reportRobotsTxt(body))));
  });
});
