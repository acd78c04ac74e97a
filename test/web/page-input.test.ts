/**
 * The tester page's inputs, in Chromium: uploads keep their bytes (every cell of the corpus's
 * non-UTF-8 files is the library's verdict on those bytes), UTF-16 is offered a conversion,
 * every input is cut to the page's caps, and each crawler is read by the crawler model.
 */

import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crawlerGroup,
  crawlers,
  fetchRobotsTxt,
  lintRobotsTxt,
  parseRobotsTxt,
} from '../../src/index.js';
import { urlOf } from '../../web/src/evaluate.js';
import { LIMITS, rowsPerPage } from '../../web/src/limits.js';
import { encodeState } from '../../web/src/share.js';
import {
  afterEvaluation,
  matrixAgents,
  matrixCells,
  type PageHarness,
  settle,
  setUrls,
  startPageHarness,
  uploadDraft,
} from '../helpers/web-page.js';

const CORPUS = new URL('../../../shared/corpus/files/', import.meta.url);
let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ port: 0, fetchRobotsTxt });
}, 180_000);
afterAll(async () => harness?.close());

/** What the library says for each cell, for the token the cell shows as deciding. */
function expectedCells(body: string | Uint8Array, urls: readonly string[], agents: string[]) {
  const robots = parseRobotsTxt(body);
  return urls.map((entry) =>
    agents.map((agent) => {
      const decided = crawlerGroup(robots, agent).decidedBy;
      const url = urlOf(entry);
      if (decided === '') return `allowed:0:${decided}`;
      const token = decided === '*' ? 'RobotsRepNoSuchBot' : decided;
      return `${robots.isAllowed(url, token) ? 'allowed' : 'disallowed'}:${robots.matchingLine(url, token)}:${decided}`;
    }),
  );
}

/** Paths built from a file's rules: each pattern with `*` filled and `$` dropped. */
function pathsOf(body: Uint8Array, count: number): string[] {
  const paths = parseRobotsTxt(body)
    .groups.flatMap((g) => g.rules)
    .map((r) => r.value.replace(/\$$/, '').replaceAll('*', 'x'))
    .filter((p) => p.startsWith('/'));
  return ['/', ...new Set(paths)].slice(0, count);
}

async function addAgent(page: Page, token: string): Promise<void> {
  await page.fill('#custom-agent', token);
  await afterEvaluation(page, () => page.click('#custom-agent-form button'));
}

const nonUtf8 = (() => {
  try {
    return readdirSync(CORPUS)
      .sort()
      .map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, CORPUS))) }))
      .filter(({ bytes }) => {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          return false;
        } catch {
          return !bytes.includes(0);
        }
      });
  } catch {
    return [];
  }
})();

describe('the tester page’s inputs', { timeout: 180_000 }, () => {
  it('checks an upload’s own bytes: every cell of the non-UTF-8 corpus files is the library’s', async () => {
    expect(nonUtf8.map((f) => f.name)).toContain('2632.txt');
    const page = await harness.open();
    await addAgent(page, 'Applebot');
    let compared = 0;
    for (const { name, bytes } of nonUtf8) {
      const urls = [
        ...pathsOf(bytes, 120),
        '/Notre-soci%E9t%E9/Press-Releases/Red-Oxygen-Press-Kit',
      ];
      await uploadDraft(page, name, bytes);
      await setUrls(page, urls);
      const agents = await matrixAgents(page);
      const cells = await matrixCells(page);
      expect(cells, name).toEqual(expectedCells(bytes, urls, agents));
      compared += cells.flat().length;
      expect(await page.textContent('#draft-notice'), name).toMatch(/not UTF-8/);
    }
    expect(compared).toBeGreaterThan(500);
    await page.close();
  });

  it('shows the CLI’s lint of the bytes, and says when an edit makes the draft UTF-8 text', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('2632.txt', CORPUS)));
    const page = await harness.open();
    const urls = ['/Notre-soci%E9t%E9/Press-Releases/Red-Oxygen-Press-Kit'];
    await setUrls(page, urls);
    await uploadDraft(page, '2632.txt', bytes);
    // Line 144 disallows the Latin-1 path, as parseRobotsTxt reads the bytes.
    expect((await matrixCells(page))[0]?.[0]).toBe('disallowed:144:*');
    // The deciding line, scrolled into view, marks its bytes that are not UTF-8.
    await page.click('td.verdict[data-url="0"][data-agent="0"]');
    await page.waitForSelector('.cm-deciding-line .cm-invalid-byte');
    const codes = lintRobotsTxt(bytes).diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(codes.length).toBeGreaterThan(0);
    await page.waitForFunction(() => document.querySelector('.cm-lint-marker') !== null);
    await page.click('.cm-content');
    await page.keyboard.press('Control+Shift+M');
    await page.waitForSelector('.cm-panel-lint li');
    const shown = await page.$$eval(
      '.cm-panel-lint li',
      (items) => items.filter((li) => li.textContent?.includes('invalid-utf8')).length,
    );
    expect(shown).toBe(codes.length);
    await page.keyboard.press('Escape');
    // An edit: the draft is now the editor's text as UTF-8.
    await afterEvaluation(page, async () => {
      await page.click('.cm-content');
      await page.keyboard.press('Control+End');
      await page.keyboard.type('#');
    });
    expect(await page.textContent('#draft-notice')).toMatch(/edited text as UTF-8/);
    // The editor's text: the bytes as UTF-8 (each invalid sequence U+FFFD), then the typed '#'.
    const text = `${new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)}#`;
    expect(await page.textContent('.cm-activeLine')).toMatch(/#$/);
    const agents = await matrixAgents(page);
    const edited = new TextEncoder().encode(text);
    expect(await matrixCells(page)).toEqual(expectedCells(edited, urls, agents));
    expect((await matrixCells(page))[0]?.[0]).toBe('allowed:0:*');
    await page.close();
  });

  it('offers to convert UTF-16 and keeps unedited bytes through a share link', async () => {
    const text = 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n';
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    const page = await harness.open();
    await uploadDraft(page, 'utf16.txt', utf16);
    await afterEvaluation(page, () => page.click('#convert-utf16'));
    expect(await page.textContent('#draft-notice')).toMatch(/Converted from UTF-16LE/);
    const urls = ['/private/x', '/private/press/y', '/caf%E9/'];
    await setUrls(page, urls);
    expect(await matrixCells(page)).toEqual(expectedCells(text, urls, await matrixAgents(page)));
    // Latin-1 bytes travel as bytes in a link, and check the same in a new page.
    const latin1 = new Uint8Array([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a]);
    await uploadDraft(page, 'latin1.txt', latin1);
    const before = await matrixCells(page);
    expect(before).toEqual(expectedCells(latin1, urls, await matrixAgents(page)));
    expect(before[2]?.[0]).toBe('disallowed:2:*');
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    await page.close();
    const again = await harness.open(link.slice(link.indexOf('#')));
    expect(await matrixCells(again)).toEqual(before);
    await again.close();
  });

  it('cuts a hostile link to the caps and says so', async () => {
    const agents = Array.from({ length: 2000 }, (_, i) => `Bot${i}`);
    const urls = [...Array.from({ length: 200 }, (_, i) => `/p/${i}`), `/${'a'.repeat(100_000)}`];
    const fragment = await encodeState({
      draft: 'User-agent: *\nDisallow: /p/1\n',
      urls: urls.join('\n'),
      agents,
    });
    expect(fragment.length).toBeLessThanOrEqual(LIMITS.linkFragment);
    const page = await harness.open(`#${fragment}`);
    expect(await matrixAgents(page)).toHaveLength(LIMITS.agents);
    const drawn = await page.locator('td.verdict').count();
    expect(drawn).toBe(LIMITS.drawnCells);
    expect(drawn).toBe(rowsPerPage(LIMITS.agents) * LIMITS.agents);
    const limits = await page.textContent('#limits');
    expect(limits).toContain(`Only the first ${LIMITS.agents} of 2,000 crawlers`);
    expect(limits).toContain('1 URL longer than 2,048 characters left out');
    // The 100 KB line is not in the URL field either: the 200 short URLs are.
    const field = await page.inputValue('#urls');
    expect(field.split('\n')).toEqual(urls.slice(0, 200));
    // The catalog's crawlers and at most the cap's worth of custom tokens.
    expect(await page.locator('#agents input[type="checkbox"]').count()).toBeLessThanOrEqual(
      LIMITS.agents + crawlers.length,
    );
    expect(await page.textContent('.pager')).toContain(
      `URLs 1–${rowsPerPage(LIMITS.agents)} of 200`,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('refuses a state that unpacks past the cap, and an upload past the size cap', async () => {
    const fragment = await encodeState({
      draft: 'x'.repeat(LIMITS.stateBytes + 1),
      urls: '/',
      agents: ['Googlebot'],
    });
    expect(fragment.length).toBeLessThan(LIMITS.linkFragment * 4);
    const page = await harness.open(`#${fragment}`);
    expect(await page.textContent('#share-outcome')).toContain('unpacks to more than 10.0 MiB');
    expect(await page.textContent('.cm-content')).toContain('User-agent: *');
    await page.setInputFiles('#upload', {
      name: 'huge.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(LIMITS.bodyBytes + 1, 0x61),
    });
    await expect.poll(() => page.textContent('#draft-notice')).toContain('up to 4.0 MiB');
    await page.close();
  });

  it('reads each crawler by the crawler model and marks the group that decided', async () => {
    const draft = 'User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /all/\n';
    const page = await harness.open();
    await uploadDraft(page, 'model.txt', new TextEncoder().encode(draft));
    for (const token of ['Applebot', 'AdsBot-Google', 'Googlebot-Image']) {
      await addAgent(page, token);
    }
    const urls = ['/', '/g/x', '/all/x'];
    await setUrls(page, urls);
    const agents = await matrixAgents(page);
    const cells = await matrixCells(page);
    expect(cells).toEqual(expectedCells(draft, urls, agents));
    const decided = await page.$$eval('table.matrix thead th[data-token]', (ths) =>
      Object.fromEntries(
        ths.map((th) => [th.getAttribute('data-token'), th.getAttribute('data-decided')]),
      ),
    );
    expect(decided).toMatchObject({
      Applebot: 'Googlebot',
      'AdsBot-Google': '',
      'Googlebot-Image': '*',
    });
    await page.click(`td.verdict[data-url="1"][data-agent="${agents.indexOf('Applebot')}"]`);
    await expect
      .poll(() => page.textContent('#explanation .reason'))
      .toContain("follows Googlebot's group");
    expect(await page.getAttribute('#explanation a', 'href')).toBe(
      'https://support.apple.com/en-us/119829',
    );
    // The audit reads Applebot the same way.
    await page.click('#tab-audit');
    await settle(page);
    const apple = await page.$$eval('table.audit tbody tr', (trs) =>
      trs
        .find((tr) => tr.querySelector('th')?.textContent?.startsWith('Applebot ('))
        ?.querySelector('td[data-decided]')
        ?.getAttribute('data-decided'),
    );
    expect(apple).toBe('Googlebot');
    await page.close();
  });

  it('keeps query strings in the audit', async () => {
    const page = await harness.open();
    await uploadDraft(
      page,
      'query.txt',
      new TextEncoder().encode('User-agent: *\nDisallow: /*?*\n'),
    );
    await setUrls(page, ['/suche?q=test']);
    expect((await matrixCells(page))[0]?.[0]).toBe('disallowed:2:*');
    await page.click('#tab-audit');
    await settle(page);
    const header = await page.$$eval('table.audit thead th', (ths) =>
      ths.map((t) => t.textContent),
    );
    expect(header).toContain('/suche?q=test');
    const bing = await page.$$eval(
      'table.audit tbody tr',
      (trs) =>
        trs
          .find((tr) => tr.querySelector('th')?.textContent?.startsWith('Bingbot'))
          ?.querySelector('td[data-path="/suche?q=test"]')?.textContent,
    );
    expect(bing).toBe('disallowed (line 2) *');
    await page.close();
  });
});
