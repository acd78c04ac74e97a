import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, runRobotstxt } from '../helpers/cli.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string): string => `test/fixtures/ai-preferences/${name}`;
const run = (args: readonly string[], input?: string): Promise<CliRun> =>
  runRobotstxt(args, input, {}, { cwd: root });

describe('robotstxt check --usage', () => {
  it("prints each purpose's answer under the verdict (attach-05 §3.4's example)", async () => {
    const r = await run([
      'check',
      '--usage',
      '-a',
      'OtherBot',
      '-r',
      fixture('aipref-attach-05.txt'),
      '/test',
      '/ai-ok/test',
      '/never/test',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'allowed     /test  line 2: Allow: /',
        '            usage: search unknown · ai-input unknown · ai-train disallowed (line 4)',
        'allowed     /ai-ok/test  line 2: Allow: /',
        '            usage: search unknown · ai-input unknown · ai-train allowed (line 5)',
        'DISALLOWED  /never/test  line 3: Disallow: /never/',
        '            usage: search blocked (line 3) · ai-input blocked (line 3) · ai-train blocked (line 3)',
        '',
      ].join('\n'),
    );
  });

  it('combines a Content-Usage header, says why with --explain, and shows use=', async () => {
    const r = await run([
      'check',
      '--explain',
      '--usage-header',
      'search=y',
      '--usage-header',
      'ai-use=n',
      '-a',
      'Googlebot',
      '-r',
      fixture('cloudflare-managed.txt'),
      '/products/1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'usage: search allowed (line 20, header) · ai-input disallowed (header) · ai-train disallowed (line 20) · use=reference (line 20)',
    );
    expect(r.stdout).toContain(
      'Content-Usage ai-use disallows ai-input for /products/1 (the Content-Usage header).',
    );
  });

  it('says on stderr when a --usage-header is not a dictionary', async () => {
    const r = await run([
      'check',
      '--usage-header',
      'train-ai=n,',
      '-a',
      'Bot',
      '-r',
      fixture('aipref-attach-05.txt'),
      '/ai-ok/x',
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('--usage-header "train-ai=n," is not an RFC 9651 dictionary');
    expect(r.stdout).toContain('ai-train allowed (line 5)');
  });

  it('adds usage to --json', async () => {
    const r = await run([
      'check',
      '--json',
      '--usage',
      '-a',
      'GPTBot',
      '-r',
      fixture('aipref-attach-05.txt'),
      '/x',
    ]);
    const [result] = JSON.parse(r.stdout).results;
    expect(result.usage.purposes['ai-train']).toMatchObject({ verdict: 'disallowed', lines: [4] });
    expect(result.usage.contentUsage['train-ai']).toEqual({
      preference: 'disallowed',
      lines: [4],
      header: false,
    });
    expect(result.usage.rules).toEqual([
      { vocabulary: 'content-usage', line: 4, path: null, statement: 'train-ai=n', parsed: true },
    ]);
  });

  it('shows paths escaped, never as terminal controls', async () => {
    const body = 'User-agent: *\nContent-Usage: train-ai=n\n';
    const r = await run(
      ['check', '--usage', '--explain', '-a', 'Bot', '-r', '-', '/a\u001b[31m'],
      body,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ai-train disallowed (line 2)');
    expect(r.stdout).toContain('disallows ai-train for /a');
    expect(r.stdout).not.toContain('\u001b');
  });
});

describe('robotstxt check --usage on fetched robots.txt files', () => {
  let site: TestServer;
  let missing: TestServer;
  beforeAll(async () => {
    site = await startHttpServer((request, response) => {
      if (request.url === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /admin/\n');
      } else {
        response.writeHead(404).end();
      }
    });
    missing = await startHttpServer((_request, response) => response.writeHead(404).end());
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await missing?.close();
  });

  it('reads the preferences of each origin, and knows nothing where robots.txt is missing', async () => {
    const r = await run([
      'check',
      '--usage',
      '-a',
      'GPTBot',
      `${site.origin}/blog/x`,
      `${site.origin}/admin/`,
      `${missing.origin}/page`,
    ]);
    expect(r.stdout).toContain(
      'usage: search allowed (line 2) · ai-input unknown · ai-train disallowed (line 2)',
    );
    expect(r.stdout).toContain('usage: search blocked (line 3)');
    expect(r.stdout).toContain('usage: search unknown · ai-input unknown · ai-train unknown');
    expect(r.code).toBe(1);
  });
});

describe('robotstxt check --jsonl --usage', () => {
  it('adds usage to each result, combining a request\'s "content_usage" header', async () => {
    const requests = [
      {
        url: 'https://e.com/ai-ok/x',
        useragent: 'Bot',
        robots_file: fixture('aipref-attach-05.txt'),
      },
      {
        url: 'https://e.com/x',
        useragent: 'Bot',
        robotstxt: 'User-agent: *\nContent-Usage: search=y\n',
        content_usage: ['search=n'],
      },
      { url: 'https://e.com/x', useragent: 'Bot', robotstxt: '', content_usage: 5 },
    ];
    const r = await run(
      ['check', '--jsonl', '--usage'],
      requests.map((q) => JSON.stringify(q)).join('\n'),
    );
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].usage.purposes['ai-train']).toMatchObject({ verdict: 'allowed', lines: [5] });
    expect(lines[1].usage.purposes.search).toMatchObject({ verdict: 'disallowed', header: true });
    expect(lines[1].usage.headers).toEqual([{ text: 'search=n', parsed: true }]);
    expect(lines[2]).toEqual({
      line: 3,
      error: '"content_usage" must be a string or an array of strings',
    });
    expect(r.code).toBe(2);
  });

  it('leaves results as they were without --usage, unless a request asks', async () => {
    const r = await run(
      ['check', '--jsonl'],
      `${JSON.stringify({ url: 'https://e.com/x', useragent: 'Bot', robotstxt: '' })}\n`,
    );
    expect(JSON.parse(r.stdout)).toEqual({ allowed: true, line: 0 });
  });

  it('refuses --usage-header with --jsonl', async () => {
    const r = await run(['check', '--jsonl', '--usage-header', 'search=n'], '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"content_usage"');
  });
});

describe('robotstxt audit --usage', () => {
  it('has one row per crawler and path, with a column per purpose', async () => {
    const r = await run([
      'audit',
      '--usage',
      fixture('cloudflare-managed.txt'),
      '--path',
      '/cart',
      '--purpose',
      'ai-training',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^crawler\s+operator\s+path\s+fetch\s+search\s+ai-input\s+ai-train$/);
    expect(r.stdout).toMatch(
      /\nClaudeBot\s+Anthropic\s+\/\s+allowed \(line 21\) \*\s+allowed \(line 20\)\s+unknown\s+disallowed \(line 20\)\n/,
    );
    expect(r.stdout).toMatch(
      /\nGPTBot\s+OpenAI\s+\/cart\s+blocked \(line 30\)\s+blocked \(line 30\)/,
    );
  });

  it("writes JSON with each verdict's purposes", async () => {
    const r = await run(['audit', '--usage', '--json', fixture('aipref-attach-05.txt')]);
    const audit = JSON.parse(r.stdout);
    const gpt = audit.rows.find(
      (row: { crawler: { token: string } }) => row.crawler.token === 'GPTBot',
    );
    expect(gpt.verdicts[0].usage['ai-train']).toMatchObject({ verdict: 'disallowed', lines: [4] });
  });

  it('refuses --usage with --readings', async () => {
    const r = await run(['audit', '--usage', '--readings', fixture('aipref-attach-05.txt')]);
    expect(r.code).toBe(2);
  });
});
