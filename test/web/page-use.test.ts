/**
 * Working in the tester page, in Chromium: the complete diff of a large real file, the grid and
 * the tabs from the keyboard, headers that stay in view, the copy button, a pasted link, and
 * nothing wider than the screen.
 */

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAsCrawler,
  crawlerGroup,
  diffRobotsTxt,
  fetchRobotsTxt,
  parseRobotsTxt,
} from '../../src/index.js';
import { encodeState } from '../../web/src/share.js';
import {
  afterEvaluation,
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

/** A seeded choice of `n` of `items` (a linear congruential generator: the same every run). */
function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const pool = [...items];
  let state = seed;
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(pool.splice(state % pool.length, 1)[0]!);
  }
  return out;
}

/** Every row of the derived diff, paging through it. */
async function allDerivedRows(page: Page): Promise<string[]> {
  const rows: string[] = [];
  for (;;) {
    // A page of changes is drawn in chunks: read it once whole.
    await page.waitForFunction(() => document.querySelector('[data-drawing]') === null);
    rows.push(
      ...(await page.$$eval('#diff-derived table.diff tbody tr', (trs) =>
        trs.map((tr) => `${tr.children[1]?.textContent} ${tr.children[0]?.textContent}`),
      )),
    );
    const next = page.locator('#diff-derived .pager button.next');
    if ((await next.count()) === 0 || (await next.isDisabled())) return rows;
    await next.click();
  }
}

describe('working in the tester page', { timeout: 300_000 }, () => {
  it('shows the complete diff when 200+ seeded rules of a large real file are removed', async () => {
    const base = readFileSync(new URL('6377.txt', CORPUS), 'utf8');
    const lines = base.split('\n');
    const ruleLines = lines.flatMap((l, i) => (/^\s*(dis)?allow\s*:\s*[/*]/i.test(l) ? [i] : []));
    const removed = new Set(sample(ruleLines, 220, 32));
    const draft = lines.filter((_, i) => !removed.has(i)).join('\n');
    const page = await harness.open();
    await page.click('#tab-diff');
    await page.setInputFiles('#diff-upload', {
      name: '6377.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(base),
    });
    await expect.poll(() => page.textContent('#diff-base')).toContain('6377.txt');
    await uploadDraft(page, 'draft.txt', new TextEncoder().encode(draft));
    await settle(page);
    await page.waitForSelector('#diff-derived');
    // Every rule change is listed (a removal that merges two groups moves their other rules too).
    const library = diffRobotsTxt(base, draft);
    const ruleChanges = library.groups.reduce((n, g) => n + g.removed.length, 0);
    expect(ruleChanges).toBeGreaterThanOrEqual(removed.size);
    expect(await page.locator('.rule-changes li.removed').count()).toBe(ruleChanges);
    expect(library.checked.omitted).toBe(0);
    expect(await page.textContent('#diff-derived .summary')).toContain(
      `${library.verdicts.length.toLocaleString('en')} verdicts change: complete`,
    );
    const rows = new Set(await allDerivedRows(page));
    expect(rows.size).toBe(library.verdicts.length);
    // Each path built from a removed rule whose verdict changes for a crawler is in the list.
    const before = parseRobotsTxt(base);
    const after = parseRobotsTxt(draft);
    const agents = library.checked.agents;
    let found = 0;
    for (const i of removed) {
      const value = lines[i]!.slice(lines[i]!.indexOf(':') + 1).trim();
      const path = value.replace(/\$$/, '').replaceAll('*', 'x');
      const url = `https://robots.invalid${path.startsWith('/') ? '' : '/'}${path}`;
      for (const agent of agents) {
        // Each crawler as the crawler model reads it (Applebot through Googlebot's group).
        const name = agent === '*' ? 'RobotsRepNoSuchBot' : agent;
        const was = checkAsCrawler(before, url, crawlerGroup(before, name)).allowed;
        if (was === checkAsCrawler(after, url, crawlerGroup(after, name)).allowed) continue;
        expect(rows, `${agent} ${path}`).toContain(
          `${agent} ${path.startsWith('/') ? '' : '/'}${path}`,
        );
        found++;
      }
    }
    expect(found).toBeGreaterThan(50);
    if (library.verdicts.length > 500) {
      expect(await page.textContent('[data-long="diff-derived"]')).toContain('A long list');
    }
    await page.close();
  });

  it('moves through the grid and the tabs with arrow keys, one Tab stop each', async () => {
    const page = await harness.open();
    expect(await page.locator('td.verdict[tabindex="0"]').count()).toBe(1);
    await page.focus('td.verdict[tabindex="0"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => {
      const cell = document.activeElement as HTMLElement;
      return [cell.dataset['url'], cell.dataset['agent'], cell.tabIndex];
    });
    expect(focused).toEqual(['1', '1', 0]);
    expect(await page.locator('td.verdict[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('#explanation h3')).toBe('Bingbot · /private/x');
    await page.focus('#tab-verdicts');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-audit');
    expect(await page.getAttribute('#tab-audit', 'aria-selected')).toBe('true');
    expect(await page.isHidden('#verdicts')).toBe(true);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-diff');
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    expect(await page.textContent('footer .shortcuts')).toContain('F8');
    await page.close();
  });

  it('keeps the matrix headers in view and fits 1280 px with the audit open', async () => {
    const page = await harness.open();
    const urls = Array.from(
      { length: 150 },
      (_, i) => `/section/${i}/${'long-part-'.repeat(i % 5)}`,
    );
    urls.push(`/${'x'.repeat(2000)}`);
    await setUrls(page, urls);
    const gap = await page.evaluate(() => {
      const scroller = document.querySelector('.matrix-scroll') as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
      const head = document.querySelector('table.matrix thead th[data-token]') as HTMLElement;
      return head.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    });
    expect(Math.abs(gap)).toBeLessThanOrEqual(1);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.click('#tab-audit');
    await settle(page);
    await page.waitForSelector('table.audit');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('copies the share link, and restores a link pasted into an open page', async () => {
    const page = await harness.open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: harness.server.url.replace(/\/$/, ''),
    });
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    await page.click('#copy-link');
    await expect.poll(() => page.textContent('#copy-status')).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const fragment = await encodeState({
      draft: 'User-agent: *\nDisallow: /pasted/\n',
      urls: '/pasted/x\n/other',
      agents: ['Googlebot'],
    });
    await afterEvaluation(page, () => page.evaluate((f) => (location.hash = f), fragment));
    expect(await page.inputValue('#urls')).toBe('/pasted/x\n/other');
    expect(await matrixCells(page)).toEqual([['disallowed:2:*'], ['allowed:0:*']]);
    await page.close();
  });
});
