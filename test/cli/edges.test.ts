/**
 * The command line as a new user and a hostile site meet it: help per command, suggestions,
 * honest URL arguments, fetch outcomes, completions, progress on a terminal only, bounded input
 * (files, FIFOs, /dev/zero, endless stdin), JSONL that keeps going, and no terminal escapes from
 * input.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgress } from '../../src/cli/progress.js';
import { collector, runRobotstxt } from '../helpers/cli.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

let site: TestServer;
let html: TestServer;
let missing: TestServer;
let redirect: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'robotstxt-cli-'));
  site = await startHttpServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('User-agent: *\nDisallow: /private/\n');
    } else response.writeHead(404).end();
  });
  html = await startHttpServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!DOCTYPE html><html><body>Welcome to our shop</body></html>\n');
  });
  missing = await startHttpServer((_, response) => response.writeHead(404).end());
  redirect = await startHttpServer((_, response) => {
    response.writeHead(301, { location: `${site.origin}/robots.txt` });
    response.end();
  });
});

afterAll(async () => {
  await Promise.all([site.close(), html.close(), missing.close(), redirect.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const localhost = (server: TestServer): string => `http://localhost:${new URL(server.origin).port}`;

describe('help', () => {
  it('robotstxt help check and check --help show check’s help with examples', async () => {
    for (const args of [
      ['help', 'check'],
      ['check', '--help'],
    ]) {
      const r = await runRobotstxt(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: robotstxt check/);
      expect(r.stdout).toContain('Examples:');
      expect(r.stdout).toContain(
        'robotstxt check -a Googlebot -r robots.txt /private/x /products/',
      );
      expect(r.stdout).not.toContain('Commands:');
    }
  });

  it('every command’s help reads as wrapped paragraphs, with no internal defaults', async () => {
    for (const command of ['check', 'lint', 'fetch', 'audit', 'report', 'serve', 'completion']) {
      const r = await runRobotstxt(['help', command]);
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toContain('Examples:');
      expect(r.stdout, command).not.toContain('default: []');
      const description = r.stdout.split('\n\n')[1] ?? '';
      expect(description, command).not.toMatch(/^(Arguments|Options):/);
      for (const line of description.split('\n')) {
        // A description line is at most 80 columns and never one orphaned word.
        expect(line.length, `${command}: ${line}`).toBeLessThanOrEqual(80);
        if (line !== '') expect(line, command).toMatch(/\S \S/);
      }
    }
  });

  it('a bad option value is one line naming the option', async () => {
    const r = await runRobotstxt(['check', '--jsonl', '--max-line-bytes', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `robotstxt: option '--max-line-bytes <n>' argument 'lots' is invalid: must be a whole number above 0 (see "robotstxt check --help")\n`,
    );
  });

  it('robotstxt alone shows the overview and exits 2', async () => {
    const r = await runRobotstxt([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Commands:');
    for (const command of ['check', 'lint', 'fetch', 'audit', 'serve', 'completion']) {
      expect(r.stdout).toContain(`  ${command} `);
    }
  });
});

describe('URL arguments', () => {
  it('judges a path on the robots.txt’s own site', async () => {
    const r = await runRobotstxt([
      'check',
      '-a',
      'Bot',
      '-r',
      `${site.origin}/`,
      '/private/x',
      '/ok',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('DISALLOWED  /private/x  line 2: Disallow: /private/');
    expect(r.stdout).toContain('allowed     /ok');
  });

  it.each([
    ['not-a-url'],
    ['mailto:someone@example.com'],
    ['javascript:alert(1)'],
    ['//example.com/x'],
  ])('%s is a usage error naming the argument, before anything is fetched', async (argument) => {
    const before = site.requests.length;
    const r = await runRobotstxt(['check', '-a', 'Bot', '-r', `${site.origin}/`, argument]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"${argument}"`);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(site.requests.length).toBe(before);
  });
});

describe('fetch outcome line', () => {
  it('shows status, content type, size, redirects and meaning', async () => {
    const r = await runRobotstxt(['check', '-a', 'Bot', `${site.origin}/private/x`]);
    expect(r.stdout.split('\n')[0]).toBe(
      `# ${site.origin}/robots.txt: ok (HTTP 200) · text/plain; charset=utf-8 · 34 bytes · no redirects · its rules apply`,
    );
  });

  it('flags a redirect to another host', async () => {
    const r = await runRobotstxt(['check', '-a', 'Bot', `${localhost(redirect)}/private/x`]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toContain(
      `1 redirect → ${site.origin}/robots.txt (another host: its file governs localhost:${new URL(redirect.origin).port})`,
    );
  });

  it('says what a 404 means', async () => {
    const r = await runRobotstxt(['check', '-a', 'Bot', `${missing.origin}/x`]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `# ${missing.origin}/robots.txt: unavailable (HTTP 404) · no redirects · every URL allowed`,
    );
  });

  it('warns about an HTML page served as robots.txt, and lint calls it an error', async () => {
    const check = await runRobotstxt(['check', '-a', 'Bot', `${html.origin}/x`]);
    expect(check.code).toBe(0);
    expect(check.stdout.split('\n')[0]).toContain('text/html');
    expect(check.stdout.split('\n')[0]).toContain(
      'an HTML page, not a robots.txt: no rules, every URL allowed',
    );
    expect(check.stderr).toContain('served an HTML page, not a robots.txt');
    const fetched = await runRobotstxt(['fetch', '--no-body', `${html.origin}/`]);
    expect(fetched.stdout).toContain('type:        text/html');
    expect(fetched.stderr).toContain('served an HTML page');
    const lint = await runRobotstxt(['lint', `${html.origin}/`]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('[html-content]');
  });
});

describe('completions', () => {
  it.each(['bash', 'zsh', 'fish'])(
    '%s: the script names every command and check’s options',
    async (shell) => {
      const r = await runRobotstxt(['completion', shell]);
      expect(r.code).toBe(0);
      for (const word of [
        'check',
        'lint',
        'fetch',
        'audit',
        'serve',
        'agent',
        'robots',
        'timeout',
        'color',
      ]) {
        expect(r.stdout).toContain(word);
      }
      const script = path.join(dir, `completion.${shell}`);
      writeFileSync(script, r.stdout);
      const shellPath = `/bin/${shell}`;
      if (shell !== 'fish' && existsSync(shellPath)) {
        // The shell parses the script without running it.
        const result = spawnSync(shellPath, ['-n', script], { encoding: 'utf8' });
        expect(result.stderr).toBe('');
        expect(result.status).toBe(0);
      }
    },
  );

  it('bash completes commands and option choices', async () => {
    const r = await runRobotstxt(['completion', 'bash']);
    const script = path.join(dir, 'complete.bash');
    writeFileSync(script, r.stdout);
    const complete = (words: string[]): string =>
      execFileSync(
        '/bin/bash',
        [
          '-c',
          `source ${script}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _robotstxt; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(complete(['robotstxt', 'ch'])).toBe('check');
    expect(complete(['robotstxt', 'check', '--ag'])).toBe('--agent');
    expect(complete(['robotstxt', 'lint', '--color', 'ne'])).toBe('never');
  });

  it('refuses an unknown shell', async () => {
    const r = await runRobotstxt(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/completion takes one of bash, zsh, fish/);
  });
});

describe('progress', () => {
  it('renders count, rate and ETA on a terminal, redrawing one line', () => {
    const stream = collector(true);
    let t = 0;
    const progress = createProgress(stream, {
      enabled: true,
      label: 'files',
      total: 4,
      now: () => t,
      interval: 0,
    });
    t = 1000;
    progress.update(1);
    t = 2000;
    progress.update(2);
    progress.end();
    const text = stream.text();
    expect(text).toContain('\r\u001b[2Kfiles: 1 of 4 (25%), 1/s, ETA 3s');
    expect(text).toContain('\r\u001b[2Kfiles: 2 of 4 (50%), 1/s, ETA 2s');
    expect(text.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('writes nothing to a pipe, or with --no-progress', () => {
    const pipe = collector(false);
    createProgress(pipe, { enabled: true, label: 'x', now: () => 0, interval: 0 }).update(5);
    expect(pipe.text()).toBe('');
    const tty = collector(true);
    createProgress(tty, { enabled: false, label: 'x', now: () => 0, interval: 0 }).update(5);
    expect(tty.text()).toBe('');
  });

  it('check --jsonl shows progress on a terminal stderr, never on stdout', async () => {
    const input = Array.from({ length: 5 }, () =>
      JSON.stringify({
        robotstxt: 'User-agent: *\nDisallow: /x\n',
        url: 'http://h/x',
        useragent: 'a',
      }),
    ).join('\n');
    const shown = await runRobotstxt(['check', '--jsonl'], input, {}, { stderrTty: true });
    expect(shown.stderr).toContain('requests: ');
    expect(shown.stdout).not.toContain('requests');
    const silent = await runRobotstxt(
      ['check', '--jsonl', '--no-progress'],
      input,
      {},
      { stderrTty: true },
    );
    expect(silent.stderr).toBe('');
  });
});

describe('--color', () => {
  it('always, never and NO_COLOR', async () => {
    const args = [
      'check',
      '-a',
      'Bot',
      '-r',
      'examples/robots.txt',
      'https://example.com/private/x',
    ];
    expect((await runRobotstxt([...args, '--color', 'always'])).stdout).toContain('\u001b[31m');
    expect((await runRobotstxt([...args, '--color', 'never'])).stdout).not.toContain('\u001b[');
    expect((await runRobotstxt(args, undefined, { NO_COLOR: '1' })).stdout).not.toContain(
      '\u001b[',
    );
    const bad = await runRobotstxt([...args, '--color', 'sometimes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are auto, always, never/);
  });
});

describe('bounded input', () => {
  it('lint /dev/zero reads at most 500 KiB + 1 and reports it as binary, not 12 GB later', async () => {
    const r = await runRobotstxt(['lint', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('/dev/zero looks like a binary file');
  });

  it('check -r - < endless stdin reads 500 KiB and answers', async () => {
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += 65536;
        this.push(Buffer.alloc(65536, 'a'));
      },
    });
    const r = await runRobotstxt(['check', '-a', 'Bot', '-r', '-', 'http://h/x'], endless);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('allowed');
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });

  it('a FIFO with no writer ends with an error within the timeout', async () => {
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const r = await runRobotstxt(['lint', '--timeout', '300', fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no data from ${fifo} within 300 ms`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('lints the good file when another is missing, and says so', async () => {
    const r = await runRobotstxt(['lint', 'examples/robots.txt', 'nope.txt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read nope.txt: no such file');
    expect(r.stdout).toContain('1 of 2 files linted (1 unreadable)');
  });
});

describe('check --jsonl', () => {
  const request = (fields: Record<string, unknown>): string =>
    JSON.stringify({ robotstxt: 'User-agent: *\nDisallow: /x\n', useragent: 'Bot', ...fields });

  it('keeps going past an oversized line, invalid UTF-8 and bad JSON, with ids and real line numbers', async () => {
    const input = Buffer.concat([
      Buffer.from(`${request({ id: 'a', url: 'http://h/x' })}\n\n`),
      Buffer.from(`{"id":"big","robotstxt":"${'a'.repeat(50 * 1024 * 1024)}","url":"http://h/"}\n`),
      Buffer.from('{"id":"latin1","useragent":"Bot","url":"http://h/caf'),
      Buffer.from([0xe9]),
      Buffer.from('","robotstxt":"User-agent: *\\nDisallow: /caf\\u00e9\\n"}\n'),
      Buffer.from('not json\n'),
      Buffer.from(`${request({ id: 'b', url: 'http://h/y' })}\n`),
    ]);
    const r = await runRobotstxt(['check', '--jsonl'], input);
    expect(r.code).toBe(2);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: 'a', allowed: false, line: 2 },
      { line: 3, error: 'line longer than 8388608 bytes (--max-line-bytes)' },
      { line: 4, error: 'not valid UTF-8 (send bodies that are not UTF-8 as robotstxt_hex)' },
      { line: 5, error: 'not valid JSON' },
      { id: 'b', allowed: true, line: 0 },
    ]);
  });

  it('reads bodies that are not UTF-8 as robotstxt_hex, byte for byte', async () => {
    const body = Buffer.concat([
      Buffer.from('User-agent: *\nDisallow: /caf'),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ]);
    const r = await runRobotstxt(
      ['check', '--jsonl'],
      `${JSON.stringify({ robotstxt_hex: body.toString('hex'), useragent: 'Bot', url: 'http://h/caf%E9' })}\n`,
    );
    expect(JSON.parse(r.stdout)).toEqual({ allowed: false, line: 2 });
  });

  it('refuses robots_file paths outside --files-from', async () => {
    const r = await runRobotstxt(
      ['check', '--jsonl'],
      `${JSON.stringify({ robots_file: '/etc/passwd', useragent: 'Bot', url: 'http://h/' })}\n`,
    );
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).error).toMatch(/"\/etc\/passwd" is outside/);
  });

  it('stops at a closed pipe with the status of what it wrote', async () => {
    const stdout = new PassThrough();
    let written = 0;
    stdout.on('data', () => {
      written++;
      if (written === 1) stdout.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    });
    stdout.on('error', () => {});
    const { runCli } = await import('../../src/cli/run.js');
    const input = [
      request({ url: 'http://h/x' }),
      ...Array.from({ length: 1000 }, () => request({ url: 'http://h/ok' })),
    ].join('\n');
    const code = await runCli(['check', '--jsonl'], {
      stdout,
      stderr: collector(),
      stdin: Readable.from([Buffer.from(input)]),
      env: {},
      version: 'test',
    });
    expect(code).toBe(1);
  });
});

// Control characters (C0 but tab and newline), DEL, C1 and the bidi overrides and isolates.
const rawControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminal escapes', () => {
  const hostileBody =
    'User-agent: \u001b]0;owned\u0007Bot\nDisallow: /\u001b[2J\u001b[H\nAllow: /\u202eevil\nSitemap: /\u001b]8;;http://evil/\u0007x\u001b]8;;\u0007\nX-\u009b31m: \u202eevil\nCrawl-delay: 5\r\n';

  it('no command prints a raw control byte from a hostile robots.txt served over HTTP', async () => {
    const server = await startHttpServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(hostileBody);
    });
    try {
      const url = `${server.origin}/\u001b[2J`;
      for (const args of [
        ['fetch', url],
        ['check', '-e', '-a', 'Bot', url],
        ['lint', url],
        ['audit', url, '--path', '/\u001b[2J'],
        ['report', '--all', url],
      ]) {
        const r = await runRobotstxt(args);
        expect(r.stdout + r.stderr, args[0]).not.toMatch(rawControl);
        expect(r.stdout, args[0]).not.toBe('');
      }
      // The body is shown, escaped, not dropped.
      const fetched = await runRobotstxt(['fetch', server.origin]);
      expect(fetched.stdout).toContain('Disallow: /\\x1b[2J\\x1b[H');
      expect(fetched.stdout).toContain('\\u202eevil');
    } finally {
      await server.close();
    }
  });

  it('a file name with escapes is shown escaped in every message', async () => {
    const named = path.join(dir, 'name\u001b[2J.txt');
    writeFileSync(named, hostileBody);
    for (const args of [
      ['lint', named, path.join(dir, 'missing\u0007')],
      ['check', '-a', 'Bot', '-r', path.join(dir, 'name\u001b[2J.missing'), '/x'],
      ['audit', named],
      ['report', named],
    ]) {
      const r = await runRobotstxt(args);
      expect(r.stdout + r.stderr, args[0]).not.toMatch(rawControl);
      expect(r.stdout + r.stderr, args[0]).toContain('name\\x1b[2J');
    }
  });

  it('lint text output carries no raw control byte from a hostile file', async () => {
    const hostile = path.join(dir, 'hostile.txt');
    writeFileSync(
      hostile,
      'User-agent: \u001b]0;owned\u0007Bot\nDisallow: /\u001b[2J\u001b[H\nSitemap: /\u001b]8;;http://evil/\u0007x\u001b]8;;\u0007\nX-\u009b31m: \u202eevil\nCrawl-delay: 5\r\n',
    );
    for (const args of [
      ['lint', hostile],
      ['check', '-a', 'Bot', '-r', hostile, '/\u001b[2J'],
      ['audit', hostile, '--path', '/\u001b[2J'],
    ]) {
      const r = await runRobotstxt(args);
      expect(r.stdout + r.stderr).not.toMatch(rawControl);
    }
    const r = await runRobotstxt(['lint', hostile]);
    expect(r.stdout).toContain('\\x1b');
  });
});

describe('agents that are not product tokens', () => {
  it('check warns and names the token to use, also inside a full User-Agent', async () => {
    const robots = path.join(dir, 'agents-robots.txt');
    writeFileSync(robots, 'User-agent: Googlebot\nDisallow: /\n');
    const full = await runRobotstxt([
      'check',
      '--robots',
      robots,
      '--agent',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'https://example.com/x',
    ]);
    // Exact, as Google: the string names no group, so the page is allowed — and said to be a trap.
    expect(full.code).toBe(0);
    expect(full.stderr).toContain('is not a product token');
    expect(full.stderr).toContain('did you mean --agent Googlebot?');
    const versioned = await runRobotstxt([
      'check',
      '--robots',
      robots,
      '--agent',
      'Googlebot/2.1',
      'https://example.com/x',
    ]);
    expect(versioned.stderr).toContain('did you mean --agent Googlebot?');
    const token = await runRobotstxt([
      'check',
      '--robots',
      robots,
      '--agent',
      'Googlebot',
      'https://example.com/x',
    ]);
    expect(token.code).toBe(1);
    expect(token.stderr).toBe('');
  });
});
