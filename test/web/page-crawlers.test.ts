/**
 * Loading a crawler list (the ai-robots-txt project's robots.json format) on the tester page, in
 * Chromium: read by `parseCrawlerList` as the CLI's `--crawlers FILE` is, its new rows in the
 * picker (so in the matrix) and in the audit, a bad list refused with its reason escaped.
 */

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRobotsTxt,
  combineCrawlers,
  crawlers,
  fetchRobotsTxt,
  parseCrawlerList,
  parseRobotsTxt,
} from '../../src/index.js';
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

const FIXTURE = new URL('../fixtures/crawlers/robots.json', import.meta.url);
const LIST = readFileSync(FIXTURE);
const DRAFT = [
  'User-agent: ExampleSearchBot',
  'Disallow: /private/',
  '',
  'User-agent: example-trainer',
  'Disallow: /',
  '',
  'User-agent: *',
  'Disallow: /tmp/',
  '',
].join('\n');
const URLS = ['/', '/private/x', '/tmp/y'];

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ port: 0, fetchRobotsTxt });
}, 180_000);
afterAll(async () => harness?.close());

/** Loads a list file and waits for the page to say what it made of it (and for the view). */
async function loadList(page: Page, name: string, buffer: Buffer): Promise<string> {
  await page.evaluate(() => {
    document.getElementById('crawler-list-outcome')!.textContent = '';
  });
  await page.setInputFiles('#crawler-list', { name, mimeType: 'application/json', buffer });
  await page.waitForFunction(
    () => (document.getElementById('crawler-list-outcome')?.textContent ?? '') !== '',
  );
  await settle(page);
  return (await page.textContent('#crawler-list-outcome')) ?? '';
}

/** The audit's rows: token → the row's cells after the name (purposes, verdicts, read by). */
async function auditRows(page: Page): Promise<Map<string, string[]>> {
  const rows = await page.$$eval('table.audit tbody tr', (trs) =>
    trs.map((tr) => [
      tr.querySelector('th')?.getAttribute('data-token') ?? '',
      ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
    ]),
  );
  return new Map(rows.map(([token, ...cells]) => [token!, cells]));
}

async function pickerTokens(page: Page): Promise<string[]> {
  return page.$$eval('#agents input[type=checkbox]', (boxes) =>
    boxes.map((b) => (b as HTMLInputElement).value),
  );
}

describe('a crawler list on the tester page', { timeout: 300_000 }, () => {
  it('adds the list’s new crawlers to the picker, the matrix and the audit', async () => {
    const list = parseCrawlerList(LIST, { source: 'robots.json' });
    const combined = combineCrawlers(crawlers, list.crawlers);
    const added = combined.slice(crawlers.length);
    // The fixture has new rows, a row the catalog has (gptbot) and entries the reader skips.
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(list.crawlers.length);
    expect(list.skipped.length).toBeGreaterThan(0);

    const page = await harness.open();
    await uploadDraft(page, 'robots.txt', new TextEncoder().encode(DRAFT));
    await setUrls(page, URLS);
    await page.click('#tab-audit');
    await settle(page);
    const before = await auditRows(page);
    expect([...before.keys()]).toEqual(crawlers.map((c) => c.token));
    const pickerBefore = await pickerTokens(page);

    const outcome = await loadList(page, 'robots.json', LIST);
    expect(outcome).toContain(`Loaded robots.json: ${added.length} crawlers added`);
    expect(outcome).toContain(`skipped ${list.skipped.length}`);
    // The skipped key's escape sequence is shown escaped, never raw.
    expect(outcome).not.toMatch(/[\u0000-\u001f]/);

    // The audit follows the combined list, verdict for verdict.
    const robots = parseRobotsTxt(DRAFT);
    const expected = auditRobotsTxt(robots, { paths: URLS, crawlers: combined });
    const after = await auditRows(page);
    expect([...after.keys()]).toEqual(combined.map((c) => c.token));
    for (const row of expected.rows) {
      expect(after.get(row.crawler.token)?.[0], row.crawler.token).toBe(
        row.crawler.purposes.join(', '),
      );
      const classes = await page.$$eval(
        `table.audit tbody th[data-token="${row.crawler.token}"] ~ td[data-path]`,
        (tds) => tds.map((td) => td.classList.contains('allowed')),
      );
      expect(classes, row.crawler.token).toEqual(row.verdicts.map((v) => v.allowed));
    }
    // Where the catalog has the token, its row stays: GPTBot is OpenAI's, not the list's.
    const gpt = await page.textContent('table.audit tbody th[data-token="GPTBot"]');
    expect(gpt).toBe('GPTBot (OpenAI)');
    expect(await page.$$('table.audit tbody th[data-token="gptbot"]')).toHaveLength(0);

    // The picker offers the new rows; picking one puts its column in the matrix.
    const pickerAfter = await pickerTokens(page);
    expect(pickerAfter.filter((t) => !pickerBefore.includes(t))).toEqual(
      expect.arrayContaining(added.map((c) => c.token)),
    );
    await page.click('#tab-verdicts');
    await settle(page);
    await page.click('#agents summary');
    await afterEvaluation(page, () => page.check('#agents input[value="ExampleSearchBot"]'));
    const agents = await matrixAgents(page);
    const column = agents.indexOf('ExampleSearchBot');
    expect(column).toBeGreaterThanOrEqual(0);
    const cells = (await matrixCells(page)).map((row) => row[column]!);
    expect(cells).toEqual(
      URLS.map((u) => {
        const e = robots.explain(`https://example.com${u}`, 'ExampleSearchBot');
        return `${e.allowed ? 'allowed' : 'disallowed'}:${e.line}:ExampleSearchBot`;
      }),
    );

    // Removing the list puts the catalog back in the audit.
    await page.click('#tab-audit');
    await settle(page);
    await page.click('#crawler-list-remove');
    await settle(page);
    await expect
      .poll(async () => [...(await auditRows(page)).keys()])
      .toEqual(crawlers.map((c) => c.token));
    await page.close();
  });

  it('refuses a list that is not one, saying why with control characters escaped', async () => {
    const page = await harness.open();
    await page.click('#tab-audit');
    await settle(page);
    const rows = [...(await auditRows(page)).keys()];
    const cases: [string, string, RegExp][] = [
      ['bad\u001b[31m.json', '{"ExampleBot": ', /not JSON/],
      ['list.json', '["ExampleBot"]', /must be a JSON object.*got an array/],
      ['list.json', '{"ExampleBot": {"operator": 7}}', /"operator" of the entry "ExampleBot"/],
      ['list.json', '{"A\\u001bB": 1}', /the entry "A\\x1bB" must be an object/],
    ];
    for (const [name, text, reason] of cases) {
      const outcome = await loadList(page, name, Buffer.from(text));
      expect(outcome).toMatch(reason);
      expect(outcome).toContain('The list was not loaded.');
      expect(outcome).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect([...(await auditRows(page)).keys()]).toEqual(rows);
    }
    await page.close();
  });
});
