import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportRobotsTxt } from '../../src/index.js';
import { runRobotstxt } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/servers.js';

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

  it('reports a file as Google reads its bytes: BOM, NUL, CR LF, Latin-1', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('User-agent: *\nDis'),
      Buffer.from([0]),
      Buffer.from('allow: /x\r\n\ufeffDisallow: /y\nAllow: /caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ]);
    const odd = path.join(dir, 'odd.txt');
    writeFileSync(odd, bytes);
    const r = await runRobotstxt(['report', odd]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(1, 5)).toEqual([
      '1  user-agent                 User-agent: *',
      '2  unknown                    Dis\\x00allow: /x',
      '3  unknown                    \\ufeffDisallow: /y',
      '4  allow                      Allow: /caf\ufffd',
    ]);
    const json = await runRobotstxt(['report', '--json', odd]);
    const { robots: _, ...report } = JSON.parse(json.stdout);
    expect(report).toEqual(JSON.parse(JSON.stringify(reportRobotsTxt(new Uint8Array(bytes)))));
  });

  it('says on stderr that a UTF-16 file has no directive for Google', async () => {
    const utf16 = path.join(dir, 'utf16.txt');
    writeFileSync(utf16, Buffer.from('\ufeffUser-agent: *\nDisallow: /\n', 'utf16le'));
    const r = await runRobotstxt(['report', utf16]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('UTF-16 text: Google reads no directive of it');
    expect(r.stdout).toContain('3 lines: 0 valid directives');
  });

  it('reports the robots.txt of a URL, as fetched', async () => {
    const server = await startHttpServer((request, response) => {
      response.writeHead(request.url === '/robots.txt' ? 200 : 404, {
        'content-type': 'text/plain',
      });
      response.end('User-agent: *\nNoindex: /a\nDisallow: /b\n');
    });
    try {
      const r = await runRobotstxt(['report', `${server.origin}/some/page`]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`# ${server.origin}/robots.txt`);
      expect(r.stdout).toContain('2  recognised, not supported  Noindex: /a');
      expect(r.stdout).toContain('4 lines: 2 valid directives, 1 not used by Google');
    } finally {
      await server.close();
    }
  });
});
