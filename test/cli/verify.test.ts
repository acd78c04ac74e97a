import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRobotstxt } from '../helpers/cli.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => `test/fixtures/verify/${name}`;

let server: TestServer;
beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(readFileSync(`${root}/${fixture('old.txt')}`));
    } else response.writeHead(404).end();
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('robotstxt diff', () => {
  it('shows rule changes per group and every changed verdict, and exits 1', async () => {
    const r = await runRobotstxt(['diff', fixture('old.txt'), fixture('new.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '--- test/fixtures/verify/old.txt\n+++ test/fixtures/verify/new.txt\n',
    );
    expect(r.stdout).toContain(
      'User-agent: * (changed group)\n  + Disallow: /tmp/  (new line 3)\n',
    );
    expect(r.stdout).toContain('User-agent: Googlebot, GPTBot (added group)');
    expect(r.stdout).toContain(
      '  Googlebot /: allowed (no rule) → disallowed (line 9 "Disallow: /")\n',
    );
  });

  it('checks only the given agents and URLs; --json', async () => {
    const r = await runRobotstxt([
      'diff',
      '--json',
      '-a',
      'Bingbot',
      '--urls',
      fixture('urls.txt'),
      `${server.origin}/`,
      fixture('new.txt'),
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.old.source).toBe(`${server.origin}/robots.txt`);
    expect(json.checked.agents).toEqual(['Bingbot']);
    expect(json.checked.urls).toEqual(['/', '/products/', 'https://example.com/admin/x']);
    expect(json.verdicts).toEqual([]);
    expect(json.verdictsChanged).toBe(false);
  });

  it('exits 0 for the same file, 2 for a bad URL list', async () => {
    expect((await runRobotstxt(['diff', fixture('old.txt'), fixture('old.txt')])).code).toBe(0);
    const bad = await runRobotstxt([
      'diff',
      '--urls',
      fixture('site.expect'),
      fixture('old.txt'),
      fixture('new.txt'),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not a URL/);
  });
});

describe('robotstxt test', () => {
  it('fails the expectation the new file breaks, with the deciding line, and exits 1', async () => {
    const r = await runRobotstxt(['test', fixture('site.expect'), '--robots', fixture('new.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        '# test/fixtures/verify/new.txt',
        'test/fixtures/verify/site.expect:2  FAIL  allow Googlebot /products/: expected allowed, got disallowed: test/fixtures/verify/new.txt line 9 "Disallow: /" decides',
        '',
        '3 passed, 1 failed',
        '',
      ].join('\n'),
    );
  });

  it('reads the robots.txt from a URL; a failure where no rule matches says so', async () => {
    const r = await runRobotstxt(['test', fixture('site.expect'), '-r', `${server.origin}/`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'site.expect:3  FAIL  disallow GPTBot /: expected disallowed, got allowed: no rule matches\n',
    );
    expect(r.stdout).toMatch(/3 passed, 1 failed\n$/);
  });

  it('writes JUnit XML', async () => {
    const r = await runRobotstxt([
      'test',
      '-f',
      'junit',
      fixture('site.expect'),
      '-r',
      fixture('new.txt'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '<testsuites name="robotstxt test" tests="4" failures="1" errors="0">',
    );
    expect(r.stdout).toContain('<failure message="expected allowed, got disallowed');
  });

  it('writes SARIF 2.1.0 that validates against the published schema', async () => {
    const r = await runRobotstxt([
      'test',
      '-f',
      'sarif',
      fixture('site.expect'),
      '-r',
      fixture('new.txt'),
    ]);
    const log = JSON.parse(r.stdout);
    const schema = JSON.parse(
      readFileSync(`${root}/test/fixtures/sarif/sarif-schema-2.1.0.json`, 'utf8'),
    );
    const ajv = new Ajv.default({ allErrors: true, strict: false, unicodeRegExp: false });
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'test/fixtures/verify/site.expect' },
      region: { startLine: 2 },
    });
  });

  it('reads expectations from stdin; refuses an empty file and a bad format', async () => {
    const ok = await runRobotstxt(['test', '-', '-r', fixture('new.txt')], 'disallow GPTBot /\n');
    expect(ok.code).toBe(0);
    const empty = await runRobotstxt(['test', '-', '-r', fixture('new.txt')], '# nothing\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/has no expectation/);
    const format = await runRobotstxt(['test', '-f', 'xml', fixture('site.expect')]);
    expect(format.code).toBe(2);
  });
});
