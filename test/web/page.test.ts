/**
 * The tester page end to end, in Debian's Chromium driven by playwright-core: the page is built
 * with Vite into a temporary folder, served by `robotstxt serve`'s server on loopback, and used
 * as a site owner would.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPurposeCell, USAGE_PURPOSES, usage } from '../../src/ai-preferences/index.js';
import { startWebServer, type WebServer } from '../../src/cli/web-server.js';
import { diffRobotsTxt, fetchRobotsTxt, parseRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const require = createRequire(import.meta.url);

let out: string;
let server: WebServer;
let browser: Browser;
let site: TestServer;
let failing: TestServer;
let redirecting: TestServer;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'robots-web-'));
  await build({
    configFile: path.join(root, 'web/vite.config.ts'),
    build: { outDir: out, emptyOutDir: true },
    logLevel: 'silent',
  });
  site = await startHttpServer((request, response) => {
    if (request.url === '/robots.txt' && request.headers.host?.startsWith('127.0.0.1')) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('User-agent: *\nDisallow: /live-only/\n');
    } else if (request.url === '/missing/robots.txt' || request.url === '/robots.txt') {
      response.writeHead(404);
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  failing = await startHttpServer((_, response) => {
    response.writeHead(503, { 'content-type': 'text/html' });
    response.end('<h1>down</h1>');
  });
  redirecting = await startHttpServer((_, response) => {
    response.writeHead(301, { location: `${site.origin}/robots.txt` });
    response.end();
  });
  server = await startWebServer({ root: out, port: 0, fetchRobotsTxt });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.close();
  await failing?.close();
  await redirecting?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

async function open(fragment = ''): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${server.url}${fragment}`);
  await page.waitForSelector('.verdict');
  return page;
}

/** Replaces the editor's text as a paste would, and waits for the matrix of that text. */
async function setDraft(page: Page, text: string): Promise<void> {
  const before = await page.evaluate(() => document.body.dataset['evaluated'] ?? '0');
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.evaluate((t) => navigator.clipboard?.writeText?.(t).catch(() => {}), text);
  await page.locator('.cm-content').evaluate((element, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
  await page.waitForFunction((b) => (document.body.dataset['evaluated'] ?? '0') !== b, before);
  await settle(page);
}

async function setUrls(page: Page, urls: readonly string[]): Promise<void> {
  await afterEvaluation(page, () => page.fill('#urls', urls.join('\n')));
}

/** Runs `action` and waits for the evaluation it causes to be rendered. */
async function afterEvaluation(page: Page, action: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => document.body.dataset['evaluated'] ?? '0');
  await action();
  await page.waitForFunction((b) => (document.body.dataset['evaluated'] ?? '0') !== b, before);
  await settle(page);
}

/** Waits until the last evaluation (and view, when a tab asked for one) has been rendered. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const d = document.body.dataset;
    return (
      d['evaluating'] === d['evaluated'] &&
      d['viewing'] === d['viewed'] &&
      document.querySelector('[data-drawing]') === null
    );
  });
}

/** Opens a tab and waits for its view. */
async function showTab(page: Page, id: string): Promise<void> {
  await page.click(`#tab-${id}`);
  await settle(page);
}

async function cells(page: Page): Promise<string[][]> {
  return page.$$eval('table.matrix tbody tr', (rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('.verdict')].map(
        (b) =>
          `${b.classList.contains('allowed') ? 'allowed' : 'disallowed'}:${/\bline \d+/.exec(b.textContent ?? '')?.[0] ?? ''}`,
      ),
    ),
  );
}

const DRAFT = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /
Crawl-delay: 5
Disallow private
`;
const URLS = ['/', '/private/x', '/private/press/kit', 'https://example.com/shop?q=1'];

describe('the tester page', { timeout: 120_000 }, () => {
  it('shows every URL × agent verdict exactly as the library decides', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await setUrls(page, URLS);
    const agents = await page.$$eval('table.matrix thead th', (ths) =>
      ths.slice(1).map((th) => th.childNodes[0]!.textContent!),
    );
    expect(agents).toEqual(['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot']);
    const robots = parseRobotsTxt(DRAFT);
    const expected = URLS.map((u) =>
      agents.map((a) => {
        const url = u.startsWith('/') ? `https://site.invalid${u}` : u;
        const line = robots.matchingLine(url, a);
        return `${robots.isAllowed(url, a) ? 'allowed' : 'disallowed'}:${line ? `line ${line}` : ''}`;
      }),
    );
    expect(await cells(page)).toEqual(expected);
    expect(expected.flat()).toContain('disallowed:line 2');
    await page.close();
  });

  it('highlights the deciding line and explains a clicked cell', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await setUrls(page, URLS);
    await page.click('.verdict[data-url="2"][data-agent="0"]');
    await expect.poll(() => page.textContent('.cm-deciding-line')).toBe('Allow: /private/press/');
    const reason = await page.textContent('#explanation .reason');
    const robots = parseRobotsTxt(DRAFT);
    expect(reason).toBe(
      robots.explain('https://site.invalid/private/press/kit', 'Googlebot').reason,
    );
    await page.close();
  });

  it('marks lint diagnostics on their lines', async () => {
    const page = await open();
    // GPTBot disallows only /drafts/ here, so the dead rule of line 8 (its colon missing) loses
    // /private for it: an error (under DRAFT's `Disallow: /` it loses nothing: an info).
    await setDraft(page, DRAFT.replace('Disallow: /\n', 'Disallow: /drafts/\n'));
    // Lint runs after a pause in typing.
    await page.waitForSelector('.cm-lintRange-error');
    const flagged = await page.$$eval('.cm-line', (lines) =>
      lines.flatMap((line, i) => (line.querySelector('.cm-lintRange-error') ? [i + 1] : [])),
    );
    expect(flagged).toContain(8);
    expect(flagged).not.toContain(1);
    await page.close();
  });

  it('checks Content-Usage statements in the editor (yes/no where AIPREF wants y/n)', async () => {
    const page = await open();
    await setDraft(page, 'User-agent: *\nContent-Usage: train-ai=no\nDisallow: /x\n');
    await page.waitForSelector('.cm-lintRange-warning, .cm-lintRange-error');
    const flagged = await page.$$eval('.cm-line', (lines) =>
      lines.flatMap((line, i) =>
        line.querySelector('.cm-lintRange-warning, .cm-lintRange-error') ? [i + 1] : [],
      ),
    );
    expect(flagged).toEqual([2]);
    await page.close();
  });

  it('shows Google’s per-line report of the draft', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await showTab(page, 'report');
    const rows = await page.$$eval('table.report tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent)),
    );
    const report = reportRobotsTxt(DRAFT);
    expect(rows.map((r) => Number(r[0]))).toEqual(
      report.lines.filter((l) => l.hasDirective).map((l) => l.line),
    );
    expect(rows.find((r) => r[0] === '7')?.[1]).toBe('recognised, not supported');
    expect(rows.find((r) => r[0] === '8')?.slice(1, 4)).toEqual([
      'disallow',
      'Disallow private',
      'missing colon',
    ]);
    await page.close();
  });

  it('shows in the audit which readings differ, per crawler', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await setUrls(page, URLS);
    await showTab(page, 'audit');
    const header = await page.$$eval('table.audit thead th', (ths) =>
      ths.map((t) => t.textContent),
    );
    expect(header.at(-1)).toBe('Read by');
    const readBy = await page.$$eval('table.audit tbody tr', (trs) =>
      Object.fromEntries(
        trs.map((tr) => [tr.querySelector('th')?.textContent, tr.lastElementChild?.textContent]),
      ),
    );
    // /private/press/kit: Google's longest match allows it, first-match readers stop at line 2.
    expect(readBy['Googlebot (Google)']).toBe("differs: the 1996 draft, Python's robotparser");
    // GPTBot is disallowed everywhere under every reading.
    expect(readBy['GPTBot (OpenAI)']).toBe('all alike');
    await page.close();
  });

  it('shows the audit’s warnings and each row’s notes, as the library gives them', async () => {
    const page = await open();
    await setDraft(page, 'User-agent: Googlebot\nDisallow: /\n');
    await showTab(page, 'audit');
    await expect
      .poll(() => page.textContent('#audit .audit-warning'))
      .toMatch(/^Googlebot is blocked from the whole site/);
    expect(await page.textContent('#audit ul.notes')).toContain(
      "Applebot: No group names Applebot: it follows Googlebot's group (line 1)",
    );
    const purposes = await page.$$eval('table.audit tbody tr', (trs) =>
      trs.map((tr) => tr.children[1]?.textContent),
    );
    expect(purposes[0]).toBe('search, ai-search, ai-training');
    await page.close();
  });

  it('shows AI usage preferences per URL and purpose as the library evaluates them', async () => {
    const page = await open();
    const draft = [
      'User-agent: *',
      'Disallow: /private/',
      'Content-Usage: train-ai=n',
      'Content-Usage: /news/ train-ai=y, search=y',
      'Content-Signal: ai-input=no',
      '',
    ].join('\n');
    const urls = ['/', '/news/today', '/private/x'];
    await setDraft(page, draft);
    await setUrls(page, urls);
    await showTab(page, 'ai');
    await page.selectOption('#ai-agent', 'GPTBot');
    await settle(page);
    await page.waitForSelector('#ai-agent option[value="GPTBot"][selected]', { state: 'attached' });
    const rows = await page.$$eval('table.ai-usage tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((c) => c.textContent)),
    );
    const robots = parseRobotsTxt(draft);
    expect(rows).toEqual(
      urls.map((u) =>
        USAGE_PURPOSES.map((p) =>
          formatPurposeCell(usage(robots, `https://site.invalid${u}`, 'GPTBot').purposes[p]),
        ),
      ),
    );
    // Spot checks of what a site owner reads, so that a library change cannot pass unseen.
    expect(rows[0]?.[2]).toBe('disallowed (line 3)');
    expect(rows[1]?.[2]).toBe('allowed (line 4)');
    expect(rows[2]?.[0]).toMatch(/^blocked/);
    await page.click('table.ai-usage tbody tr:nth-child(2) td[data-purpose="ai-train"] button');
    await expect
      .poll(() => page.textContent('.cm-deciding-line'))
      .toBe('Content-Usage: /news/ train-ai=y, search=y');
    expect(await page.textContent('#ai-reason')).not.toBe('');
    await page.close();
  });

  it('adds a custom agent token', async () => {
    const page = await open();
    await setDraft(page, 'User-agent: FooBot\nDisallow: /\n');
    await page.fill('#custom-agent', 'FooBot');
    await afterEvaluation(page, () => page.click('#custom-agent-form button'));
    const headers = await page.$$eval('table.matrix thead th', (ths) =>
      ths.map((th) => th.childNodes[0]!.textContent),
    );
    expect(headers).toContain('FooBot');
    const column = headers.indexOf('FooBot') - 1;
    const row = (await cells(page))[0]!;
    expect(row[column]).toBe('disallowed:line 2');
    await page.close();
  });

  it('loads a live file through the local server and shows the outcome', async () => {
    const page = await open();
    await page.fill('#fetch-url', `${site.origin}/page`);
    await page.click('#fetch-form button');
    await expect.poll(() => page.textContent('#fetch-outcome')).toContain('ok (HTTP 200)');
    expect(await page.textContent('#fetch-outcome')).toContain('text/plain');
    await expect.poll(() => page.textContent('.cm-content')).toContain('Disallow: /live-only/');
    await page.close();
  });

  it('diffs the live file (the base) against the edited draft, as robotstxt diff does', async () => {
    const page = await open();
    await page.fill('#fetch-url', `${site.origin}/page`);
    await page.click('#fetch-form button');
    await expect.poll(() => page.textContent('.cm-content')).toContain('Disallow: /live-only/');
    const live = 'User-agent: *\nDisallow: /live-only/\n';
    const draft =
      'User-agent: *\nDisallow: /live-only/\nDisallow: /drafts/\n\nUser-agent: GPTBot\nDisallow: /\n';
    await setDraft(page, draft);
    await setUrls(page, ['/', '/drafts/a', '/live-only/x']);
    await showTab(page, 'diff');
    expect(await page.textContent('#diff-base')).toContain(`live file of ${site.origin}/page`);
    const agents = await page.$$eval('table.matrix thead th[data-token]', (ths) =>
      ths.map((th) => th.getAttribute('data-token') ?? ''),
    );
    const expected = diffRobotsTxt(live, draft, {
      urls: ['/', '/drafts/a', '/live-only/x'].map((u) => `https://site.invalid${u}`),
      agents,
    });
    const rows = await page.$$eval('#diff-yours table.diff tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent)),
    );
    expect(rows.map((r) => `${r[1]} ${r[0]}`)).toEqual(
      expected.verdicts.map((v) => `${v.agent} ${v.url.replace('https://site.invalid', '')}`),
    );
    // What a site owner reads: everyone loses /drafts/a, GPTBot also loses `/`; the group that
    // decided is marked as in the matrix (no group names Googlebot: `*`).
    expect(rows).toContainEqual([
      '/drafts/a',
      'Googlebot',
      'allowed [* group]',
      'disallowed (line 3: Disallow: /drafts/) [* group]',
    ]);
    const decided = await page.$$eval('#diff-yours table.diff tbody tr', (trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td[data-decided]')].map((td) => td.getAttribute('data-decided')),
      ),
    );
    expect(decided).toEqual(expected.verdicts.map((v) => [v.before.decidedBy, v.after.decidedBy]));
    expect(rows.some((r) => r[1] === 'GPTBot' && r[0] === '/')).toBe(true);
    expect(rows.some((r) => r[0] === '/' && r[1] === 'Googlebot')).toBe(false);
    const rules = await page.textContent('.rule-changes');
    expect(rules).toContain('+ Disallow: /drafts/ (line 3)');
    expect(rules).toContain('User-agent: GPTBot (added group');
    expect(await page.textContent('#diff-derived')).toMatch(/verdicts? change/);
    // The base travels in a share link.
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    await page.close();
    const again = await open(link.slice(link.indexOf('#')));
    await showTab(again, 'diff');
    expect(await again.textContent('#diff-base')).toContain(`live file of ${site.origin}/page`);
    expect(await again.textContent('.rule-changes')).toContain('+ Disallow: /drafts/ (line 3)');
    await again.close();
  });

  it('diffs against the draft kept as a base', async () => {
    const page = await open();
    await setUrls(page, ['/a/public/x', '/a/private']);
    await showTab(page, 'diff');
    expect(await page.textContent('#diff-base')).toContain('No base yet');
    await setDraft(page, 'User-agent: *\nDisallow: /a\n');
    await page.click('#diff-use-draft');
    await settle(page);
    expect(await page.textContent('#diff-result')).toContain('No rule or sitemap changes.');
    await setDraft(page, 'User-agent: *\nDisallow: /a\nAllow: /a/public\n');
    await expect.poll(() => page.textContent('.rule-changes')).toContain('+ Allow: /a/public');
    const rows = await page.$$eval('#diff-yours table.diff tbody tr td:first-child', (tds) =>
      tds.map((td) => td.textContent),
    );
    expect(new Set(rows)).toEqual(new Set(['/a/public/x']));
    await page.close();
  });

  it('shows a 404 robots.txt as "every URL is allowed"', async () => {
    const page = await open();
    await page.fill('#fetch-url', `http://localhost:${new URL(site.origin).port}/`);
    await page.click('#fetch-form button');
    await expect.poll(() => page.textContent('#fetch-outcome')).toContain('unavailable (HTTP 404)');
    expect(await page.textContent('#fetch-outcome')).toContain('every URL is allowed');
    await page.close();
  });

  it('shows a 503 as "every URL is disallowed" and keeps the draft', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await page.fill('#fetch-url', failing.origin);
    await page.click('#fetch-form button');
    await expect.poll(() => page.textContent('#fetch-outcome')).toContain('unreachable (HTTP 503)');
    expect(await page.textContent('#fetch-outcome')).toContain('every URL is disallowed');
    expect(await page.textContent('.cm-content')).toContain('Disallow: /private/');
    await page.close();
  });

  it('follows a redirect to another host and says so', async () => {
    const page = await open();
    await page.fill('#fetch-url', `http://localhost:${new URL(redirecting.origin).port}/x`);
    await page.click('#fetch-form button');
    await expect.poll(() => page.textContent('#fetch-outcome')).toContain('ok (HTTP 200)');
    expect(await page.textContent('#fetch-outcome')).toContain(
      `1 redirect(s) → ${site.origin}/robots.txt`,
    );
    await expect.poll(() => page.textContent('.cm-content')).toContain('Disallow: /live-only/');
    await page.close();
  });

  it('takes a screenshot for the docs', async () => {
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 800 });
    await setDraft(page, DRAFT);
    await setUrls(page, URLS);
    await page.click('.verdict[data-url="1"][data-agent="0"]');
    await page.waitForSelector('#explanation .reason');
    const png = await page.screenshot({ fullPage: false });
    // PNG signature: the page rendered to an image.
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    if (process.env['UPDATE_SCREENSHOTS'] === '1')
      writeFileSync(path.join(root, 'docs/web-tester.png'), png);
    await page.close();
  });

  it('passes axe-core’s WCAG 2 A/AA checks in light and dark, and fits a phone-width screen', async () => {
    const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    for (const [colorScheme, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['dark', 375],
      ['light', 375],
    ] as const) {
      const page = await open();
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      await setDraft(page, DRAFT);
      await setUrls(page, URLS);
      await page.click('.verdict[data-url="1"][data-agent="0"]');
      await page.waitForSelector('#explanation .reason');
      // Evaluated through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const result = await (
          globalThis as unknown as {
            axe: {
              run: (
                o: object,
              ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
        return result.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
      expect(violations, `${colorScheme} at ${width}px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  it('works from the keyboard: a verdict cell is reached with Tab and chosen with Enter', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await setUrls(page, URLS);
    await page.focus('#urls');
    let focused = '';
    for (let i = 0; i < 80 && !focused.includes('verdict'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.className ?? '');
    }
    expect(focused).toContain('verdict');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#explanation .reason');
    expect(await page.textContent('#explanation h3')).toBeTruthy();
    await page.close();
  });

  it('reproduces the whole state from a share link in a new page', async () => {
    const page = await open();
    await setDraft(page, DRAFT);
    await setUrls(page, ['/private/x', '/elsewhere']);
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    expect(link).toMatch(/#s=/);
    const matrix = await cells(page);
    await page.close();
    const again = await browser.newPage();
    await again.goto(link);
    await again.waitForSelector('.verdict');
    await settle(again);
    expect(await again.inputValue('#urls')).toBe('/private/x\n/elsewhere');
    expect(await cells(again)).toEqual(matrix);
    expect(await again.textContent('.cm-content')).toContain('Disallow: /private/');
    await again.close();
  });

  it('renders a hostile file and URL as text and runs nothing', async () => {
    const page = await open();
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs++;
      await dialog.dismiss();
    });
    const hostile = `User-agent: <img src=x onerror="alert(1)">\nDisallow: /<script>alert(2)</script>\nUser-agent: \u202Eevil\nDisallow: /x\n`;
    await setDraft(page, hostile);
    await page.fill('#custom-agent', '<img src=x onerror=alert(3)>');
    await page.click('#custom-agent-form button');
    await setUrls(page, ['/<script>alert(4)</script>']);
    await page.click('.verdict[data-url="0"][data-agent="0"]');
    await page.waitForSelector('#explanation .reason');
    expect(await page.$$('img[src="x"]')).toHaveLength(0);
    expect(
      await page.$$eval(
        'body script',
        (s) => s.filter((e) => e.textContent?.includes('alert')).length,
      ),
    ).toBe(0);
    expect(await page.textContent('table.matrix')).toContain('<script>alert(4)</script>');
    expect(dialogs).toBe(0);
    await page.close();
  });

  it('serves every page with a Content-Security-Policy and refuses other Host headers', async () => {
    const response = await fetch(server.url);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    // fetch does not let a caller set Host; a raw request does, as a rebinding page's would arrive.
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const r = request(server.url, { headers: { host: 'attacker.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      r.on('error', reject);
      r.end();
    });
    expect(status).toBe(421);
  });
});
