import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, runRobotstxt } from '../helpers/cli.js';
import { closedPort, startHttpServer, type TestServer } from '../helpers/servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string): string => `test/fixtures/cli/${name}`;
/** The JSON values of `check --jsonl` output, one per line. */
const jsonLines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

/** Runs `robotstxt` in process from the repository root (file names are relative to it). */
function run(
  args: readonly string[],
  input?: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return runRobotstxt(args, input, env, { cwd: root });
}

let server: TestServer;

beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=3600' });
      response.end('User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n');
    } else {
      response.writeHead(404).end();
    }
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('robotstxt check', () => {
  it('runs the README example: disallowed, exit 1, deciding line shown', async () => {
    const r = await run([
      'check',
      '--robots',
      'examples/robots.txt',
      '--agent',
      'ExampleBot',
      'https://example.com/private/x',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'DISALLOWED  https://example.com/private/x  line 5: Disallow: /private/\n',
    );
    expect(r.stderr).toBe('');
  });

  it('exits 0 when every URL is allowed, and explains with -e', async () => {
    const r = await run([
      'check',
      '-e',
      '-r',
      'examples/robots.txt',
      '-a',
      'Googlebot',
      'https://example.com/search/about',
      'https://example.com/private/x',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'allowed     https://example.com/search/about  line 18: Allow: /search/about',
    );
    expect(r.stdout).toContain('"*" rules are ignored');
  });

  it('checks several agents as one set', async () => {
    const r = await run([
      'check',
      '--json',
      '-r',
      'examples/robots.txt',
      '-a',
      'Googlebot',
      '-a',
      'GPTBot',
      'https://example.com/private/x',
    ]);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result).toMatchObject({
      allowed: false,
      agents: ['Googlebot', 'GPTBot'],
      selection: 'specific',
      robots: { source: 'examples/robots.txt' },
    });
  });

  it('prints JSON with the rule and reason', async () => {
    const r = await run([
      'check',
      '--json',
      '-r',
      fixture('simple.txt'),
      '-a',
      'Bot',
      'https://a.example/private/1',
      'https://a.example/',
    ]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results).toEqual([
      expect.objectContaining({
        url: 'https://a.example/private/1',
        allowed: false,
        line: 2,
        rule: 'Disallow: /private/',
        path: '/private/1',
        selection: 'global',
      }),
      expect.objectContaining({ url: 'https://a.example/', allowed: true, line: 0 }),
    ]);
  });

  it('reads the robots.txt from stdin with --robots -', async () => {
    const r = await run(
      ['check', '-r', '-', '-a', 'Bot', 'http://h/x'],
      'User-agent: Bot\nDisallow: /x\n',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('line 2: Disallow: /x');
  });

  it("fetches each URL's own robots.txt and shows the outcome", async () => {
    const r = await run([
      'check',
      '-a',
      'Bot',
      `${server.origin}/private/a`,
      `${server.origin}/public`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `# ${server.origin}/robots.txt: ok (HTTP 200) · text/plain · 49 bytes · no redirects · its rules apply\n` +
        `DISALLOWED  ${server.origin}/private/a  line 2: Disallow: /private/\n` +
        `allowed     ${server.origin}/public  no matching rule\n`,
    );
    expect(server.requests.filter((p) => p === '/robots.txt').length).toBeGreaterThanOrEqual(1);
  });

  it('prints the outcome of a --robots URL too', async () => {
    const r = await run(['check', '-a', 'Bot', '-r', `${server.origin}/`, 'http://h/private/a']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      `# ${server.origin}/robots.txt: ok (HTTP 200) · text/plain · 49 bytes · no redirects · its rules apply\n` +
        'DISALLOWED  http://h/private/a  line 2: Disallow: /private/\n',
    );
  });

  it('fetches any scheme:// source, never reading it as a file (ftp: unreachable here)', async () => {
    const r = await run(['check', '--json', '-a', 'Bot', '-r', 'ftp://127.0.0.1/x', 'http://h/']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).results[0]).toMatchObject({ allowed: false, selection: 'outcome' });
  });

  it('treats an unreachable robots.txt as disallow-all (exit 1, status shown)', async () => {
    const port = await closedPort();
    const r = await run(['check', '--json', '-a', 'Bot', `http://127.0.0.1:${port}/x`]);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout).results;
    expect(result).toMatchObject({
      allowed: false,
      selection: 'outcome',
      robots: { status: 'unreachable' },
    });
  });

  it.each([
    [
      ['check', '-a', 'Bot', '-r', 'test/fixtures/cli/nope.txt', 'http://h/'],
      /cannot read test\/fixtures\/cli\/nope.txt: no such file/,
    ],
    [['check', '-a', 'Bot', '-r', fixture('binary.png'), 'http://h/'], /looks like a binary file/],
    [['check', '-r', fixture('simple.txt'), 'http://h/'], /missing --agent/],
    [['check', '-a', 'Bot', '-r', fixture('simple.txt')], /no URL to check/],
    [['check', '--bogus'], /unknown option '--bogus' \(see "robotstxt check --help"\)/],
    [['check', '--agnet', 'x'], /unknown option '--agnet' \(did you mean --agent\?\)/],
    [['chek'], /unknown command 'chek' \(did you mean check\?\) \(see "robotstxt --help"\)/],
    [['check', '-a', 'Bot', '--timeout', '-5', 'http://h/'], /--timeout <ms>.*'-5' is invalid/],
    [['check', '-a', 'Bot', '-r', fixture('simple.txt'), 'not-a-url'], /"not-a-url" is not a URL/],
    [
      ['check', '-a', 'Bot', '-r', fixture('simple.txt'), 'mailto:x@example.com'],
      /is a mailto URL, which has no robots.txt/,
    ],
    [['check', '-a', 'Bot', '/private/x'], /is a path: give --robots/],
    [['check', '-a', 'Bot', 'mailto:x@example.com'], /no robots.txt/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['constructor'], /unknown command 'constructor'/],
    [['toString'], /unknown command 'toString'/],
  ])('exits 2 with one line on stderr for %j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.startsWith('robotstxt: ')).toBe(true);
  });
});

describe('robotstxt check --jsonl', () => {
  it('answers one line per request, reusing parsed files', async () => {
    const body = 'User-agent: FooBot\nDisallow: /x\n';
    const input = [
      JSON.stringify({ robotstxt: body, useragent: 'FooBot', url: 'http://h/x' }),
      JSON.stringify({ robotstxt: body, useragent: 'FooBot', url: 'http://h/y' }),
      JSON.stringify({
        robots_file: fixture('simple.txt'),
        useragent: ['A', 'B'],
        url: 'http://h/private/',
        id: 7,
      }),
      '',
    ].join('\n');
    const r = await run(['check', '--jsonl'], input);
    expect(r.code).toBe(1);
    expect(jsonLines(r.stdout)).toEqual([
      { allowed: false, line: 2 },
      { allowed: true, line: 0 },
      { id: 7, allowed: false, line: 2 },
    ]);
    expect(r.stderr).toBe('');
  });

  it('reports bad lines in place and exits 2', async () => {
    const r = await run(
      ['check', '--jsonl', '-a', 'Bot', '-r', fixture('simple.txt')],
      'not json\n{"url":"http://h/"}\n{"url":5}\n',
    );
    expect(r.code).toBe(2);
    const lines = jsonLines(r.stdout);
    expect(lines[0]).toEqual({ line: 1, error: 'not valid JSON' });
    expect(lines[1]).toEqual({ allowed: true, line: 0 });
    expect(lines[2].error).toMatch(/"url" must be a string/);
  });

  it('reads robots_file as check -r does: a missing or binary file is a per-line error', async () => {
    const request = (file: string) =>
      JSON.stringify({ robots_file: file, useragent: 'Bot', url: 'http://h/' });
    const r = await run(
      ['check', '--jsonl'],
      `${request(fixture('nope.txt'))}\n${request(fixture('binary.png'))}\n`,
    );
    expect(r.code).toBe(2);
    const lines = jsonLines(r.stdout);
    expect(lines[0].error).toMatch(/cannot read .*nope\.txt: no such file/);
    expect(lines[1].error).toMatch(/binary\.png looks like a binary file/);
  });

  it('streams many lines', async () => {
    const line = `${JSON.stringify({ robotstxt: 'User-agent: *\nDisallow: /a\n', useragent: 'Bot', url: 'http://h/b' })}\n`;
    const r = await run(['check', '--jsonl'], line.repeat(20_000));
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(20_001);
    expect(r.stderr).toBe('');
  });
});

describe('robotstxt lint', () => {
  it('prints diagnostics with positions and exits 1 on errors', async () => {
    const r = await run(['lint', fixture('problems.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'test/fixtures/cli/problems.txt:1:1  error    "Disallow" comes before any User-agent line',
    );
    expect(r.stdout).toContain(':3:1  warning  Google ignores Noindex');
    expect(r.stdout).toContain(':5:11  error    "Disallow: private" never matches');
    expect(r.stdout).toContain('[accepted-typo]');
    expect(r.stdout).toContain('[relative-sitemap]');
    expect(r.stdout).toContain('[user-agent-truncated]');
    expect(r.stdout).not.toContain('\u001b[');
    expect(r.stdout).toMatch(/3 errors, 2 warnings, 1 info\n$/);
  });

  it('exits 0 for a file with warnings only', async () => {
    const r = await run(['lint', '-'], 'User-agent: *\nNoindex: /drafts/\nDisallow: /x\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('stdin:2:1  warning');
  });

  it('prints JSON', async () => {
    const r = await run(['lint', '--json', fixture('problems.txt')]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ errorCount: 3, warningCount: 2, infoCount: 1 });
    expect(json.files[0].diagnostics[0]).toEqual({
      code: 'rule-outside-group',
      severity: 'error',
      message: expect.stringContaining('before any User-agent line'),
      line: 1,
      column: 1,
      endColumn: 17,
      fix: {
        description: 'Add "User-agent: *" above line 1.',
        edits: [{ start: 0, end: 0, text: 'User-agent: *\n' }],
        verdicts: expect.any(Array),
      },
    });
  });

  it('writes SARIF 2.1.0 that validates against the published schema', async () => {
    const r = await run([
      'lint',
      '--format',
      'sarif',
      fixture('problems.txt'),
      'examples/robots.txt',
    ]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    const schema = JSON.parse(
      readFileSync(`${root}/test/fixtures/sarif/sarif-schema-2.1.0.json`, 'utf8'),
    );
    const ajv = new Ajv.default({ allErrors: true, strict: false, unicodeRegExp: false });
    const validate = ajv.compile(schema);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const results = log.runs[0].results;
    expect(results).toHaveLength(6);
    expect(results[0]).toMatchObject({
      ruleId: 'rule-outside-group',
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'test/fixtures/cli/problems.txt' },
            region: { startLine: 1, startColumn: 1 },
          },
        },
      ],
    });
    const ruleIds = log.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    for (const result of results) expect(ruleIds[result.ruleIndex]).toBe(result.ruleId);
  });

  it('lints a URL', async () => {
    const r = await run(['lint', `${server.origin}/anything`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `${server.origin}/robots.txt:3:1  info     Google ignores Crawl-delay`,
    );
  });

  it.each([
    [['lint', 'test/fixtures/cli/nope.txt'], /no such file/],
    [['lint', fixture('binary.png')], /binary file/],
    [['lint', '--format', 'xml', fixture('simple.txt')], /--format must be text, json or sarif/],
    [['lint'], /missing required argument 'source'/],
  ])('exits 2 for %j', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('exits 2 for an unreachable or missing robots.txt URL', async () => {
    const port = await closedPort();
    const unreachable = await run(['lint', `http://127.0.0.1:${port}/`]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/unreachable .*nothing to lint/);
    // The outcome is said once.
    expect(unreachable.stderr.match(/unreachable/g)).toHaveLength(1);
    const notFound = await startHttpServer((_request, response) => response.writeHead(404).end());
    try {
      const missing = await run(['lint', `${notFound.origin}/`]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/unavailable \(HTTP 404\).*nothing to lint/);
    } finally {
      await notFound.close();
    }
  });
});

describe('robotstxt fetch', () => {
  it('prints the outcome and the body', async () => {
    const r = await run(['fetch', `${server.origin}/some/page`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`url:         ${server.origin}/robots.txt\n`);
    expect(r.stdout).toContain('status:      ok (HTTP 200)\n');
    expect(r.stdout).toContain('cache:       max-age 3600 s\n');
    expect(r.stdout).toContain('size:        49 bytes\n');
    expect(r.stdout).toMatch(/\n\nUser-agent: \*\nDisallow: \/private\/\nCrawl-delay: 5\n$/);
  });

  it('prints JSON', async () => {
    const r = await run(['fetch', '--json', `${server.origin}/`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      url: `${server.origin}/robots.txt`,
      status: 'ok',
      httpStatus: 200,
      redirects: [],
      bytesRead: 49,
      truncated: false,
      maxAge: 3600,
      body: 'User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n',
    });
  });

  it('exits 1 for an unreachable robots.txt and says why', async () => {
    const port = await closedPort();
    const r = await run(['fetch', '--json', `http://127.0.0.1:${port}/`]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: 'unreachable',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('exits 2 without a URL', async () => {
    expect((await run(['fetch'])).code).toBe(2);
  });
});

describe('robotstxt audit', () => {
  it('prints a table of crawlers × paths', async () => {
    const r = await run(['audit', 'examples/robots.txt', '--path', '/private/x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^# examples\/robots.txt\ncrawler +operator +purposes +\/ +\/private\/x +notes\n/,
    );
    expect(r.stdout).toMatch(
      /\nGPTBot +OpenAI +ai-training +disallowed \(line 14\) +disallowed \(line 14\)\n/,
    );
    expect(r.stdout).toMatch(
      /\nGooglebot +Google +search, ai-search, ai-training +allowed +allowed\n/,
    );
  });

  it('prints JSON for a URL', async () => {
    const r = await run([
      'audit',
      '--json',
      '--purpose',
      'search',
      `${server.origin}/`,
      '-p',
      '/private/a',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.robots).toEqual({
      source: `${server.origin}/robots.txt`,
      status: 'ok',
      contentType: 'text/plain',
      httpStatus: 200,
    });
    expect(json.paths).toEqual(['/', '/private/a']);
    expect(
      json.rows.every((row: { crawler: { purposes: string[] } }) =>
        row.crawler.purposes.includes('search'),
      ),
    ).toBe(true);
    expect(json.rows.map((row: { crawler: { token: string } }) => row.crawler.token)).toContain(
      'Applebot',
    );
    expect(json.rows[0].verdicts[1]).toEqual({
      path: '/private/a',
      allowed: false,
      line: 2,
      selection: 'global',
      decidedBy: '*',
    });
  });

  it('exits 2 for a bad path', async () => {
    const r = await run(['audit', 'examples/robots.txt', '--path', 'x']);
    expect(r.code).toBe(2);
  });

  it('adds the crawlers of a robots.json list with --crawlers', async () => {
    const list = 'test/fixtures/crawlers/robots.json';
    const r = await run(['audit', 'examples/robots.txt', '--crawlers', list, '--json']);
    expect(r.code).toBe(0);
    const tokens: [string, string][] = JSON.parse(r.stdout).rows.map(
      (row: { crawler: { token: string; operator: string } }) => [
        row.crawler.token,
        row.crawler.operator,
      ],
    );
    // The catalog's rows first, its GPTBot row kept; then the list's new tokens.
    expect(tokens.filter(([t]) => t.toLowerCase() === 'gptbot')).toEqual([['GPTBot', 'OpenAI']]);
    expect(tokens.slice(-5).map(([t]) => t)).toEqual([
      'ExampleSearchBot',
      'example-trainer',
      'Helper.Agent',
      'Quiet-Bot',
      'ExampleAgent',
    ]);
    expect(r.stderr).toBe(
      `robotstxt: warning: ${list}: 3 entries left out: "Example Agent" (the key holds " ", which a User-agent line cannot name a crawler with); "Bad\\x1b]0;owned\\x07Bot" (the key holds "\\x1b", which a User-agent line cannot name a crawler with); "EXAMPLESEARCHBOT" (repeats the token of the entry "ExampleSearchBot")\n`,
    );
    const text = await run([
      'audit',
      'examples/robots.txt',
      '--crawlers',
      list,
      '--purpose',
      'other',
    ]);
    expect(text.stdout).toMatch(/\nQuiet-Bot +Quiet \\u202e Corp +other +allowed \*\n/);
    expect(text.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    const usage = await run([
      'audit',
      'examples/robots.txt',
      '--crawlers',
      list,
      '--usage',
      '--json',
    ]);
    expect(usage.code).toBe(0);
    expect(JSON.stringify(JSON.parse(usage.stdout))).toContain('"token":"ExampleSearchBot"');
  });

  it('exits 2 with a message for a list it cannot read', async () => {
    for (const [args, message] of [
      [['--crawlers', 'test/fixtures/cli/missing.json'], /^robotstxt: cannot read /],
      [['--crawlers', 'examples/robots.txt'], /is not a crawler list: not JSON/],
      [['--crawlers', 'https://example.com/robots.json'], /takes a file/],
    ] as const) {
      const r = await run(['audit', 'examples/robots.txt', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});

describe('help and version', () => {
  it.each(['check', 'lint', 'fetch', 'audit'])('%s --help', async (command) => {
    const r = await run([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: robotstxt ${command}`));
  });

  it('prints the version and the main help', async () => {
    expect((await run(['--version'])).stdout).toBe('0.0.0-test\n');
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Commands:');
    expect((await run([])).code).toBe(2);
  });
});
