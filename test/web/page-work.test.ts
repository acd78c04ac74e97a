/**
 * The work the tester page does per keystroke, counted in Chromium: an edit redraws only the
 * matrix cells it changes, and a keystroke abandons a slow view still running for the text
 * before it, so the matrix never waits for it; a long report draws only the rows in view.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import {
  afterEvaluation,
  matrixCells,
  type PageHarness,
  settle,
  startPageHarness,
  uploadDraft,
} from '../helpers/web-page.js';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ port: 0, fetchRobotsTxt });
}, 180_000);
afterAll(async () => harness?.close());

/** Types `text` at the end of the draft, in one input event, and waits for its matrix. */
async function appendToDraft(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await afterEvaluation(page, () => page.keyboard.insertText(text));
}

describe('the tester page’s work per keystroke', { timeout: 180_000 }, () => {
  it('redraws only the matrix cells an edit changes', async () => {
    const page = await harness.open();
    const before = await matrixCells(page);
    // Tag every drawn cell, and record every cell whose content is rewritten from now on.
    await page.evaluate(() => {
      const w = window as unknown as { rewritten: Set<string> };
      w.rewritten = new Set();
      for (const cell of document.querySelectorAll<HTMLElement>('td.verdict')) {
        (cell as unknown as { tag: string }).tag =
          `${cell.dataset['url']}:${cell.dataset['agent']}`;
      }
      new MutationObserver((records) => {
        for (const r of records) {
          const cell = (r.target as Element).closest?.('td.verdict') as HTMLElement | null;
          if (cell !== null) w.rewritten.add(`${cell.dataset['url']}:${cell.dataset['agent']}`);
        }
      }).observe(document.getElementById('matrix')!, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    // A comment changes no verdict; a rule for /products/ changes that row for the `*` group.
    await appendToDraft(page, '\n# a comment\n');
    expect(await matrixCells(page)).toEqual(before);
    expect(await page.evaluate(() => [...(window as any).rewritten])).toEqual([]);
    await appendToDraft(page, 'User-agent: *\nDisallow: /products/\n');
    const after = await matrixCells(page);
    const changed = after.flatMap((row, u) =>
      row.flatMap((cell, a) => (cell === before[u]?.[a] ? [] : [`${u}:${a}`])),
    );
    expect(changed.length).toBeGreaterThan(0);
    const rewritten = await page.evaluate(() => [...(window as any).rewritten].sort());
    expect(rewritten).toEqual(changed.sort());
    // The grid's cells are the same nodes: nothing else was drawn again.
    const kept = await page.$$eval('td.verdict', (cells) =>
      cells.every(
        (c) =>
          (c as unknown as { tag?: string }).tag ===
          `${(c as HTMLElement).dataset['url']}:${(c as HTMLElement).dataset['agent']}`,
      ),
    );
    expect(kept).toBe(true);
    await page.close();
  });

  it('abandons a slow view of the text before a keystroke, then shows the view of the new text', async () => {
    // 2 MB, 2,000 groups: the audit reads it in every reading, far longer than a keystroke takes.
    const lines = Array.from({ length: 100_000 }, (_, i) =>
      i % 50 === 0 ? `User-agent: bot${i}` : `Disallow: /s-${i}/p`,
    );
    const page = await harness.open();
    await uploadDraft(page, 'big.txt', new TextEncoder().encode(`${lines.join('\n')}\n`));
    const abandoned = () =>
      page.evaluate(() => Number(document.body.dataset['abandonedView'] ?? 0));
    const first = await abandoned();
    // The tab asks for its view at once; the keystroke comes while the worker reads the file.
    await page.click('#tab-audit');
    const asked = await page.evaluate(() => document.body.dataset['viewing']);
    expect(asked).toMatch(/^\d+$/);
    expect(await page.evaluate(() => document.body.dataset['viewed'])).not.toBe(asked);
    await page.focus('.cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('User-agent: *\nDisallow: /typed/\n');
    expect(await abandoned()).toBeGreaterThan(first);
    await settle(page);
    // The audit drawn is the one asked for after the keystroke, not the abandoned one.
    const viewed = await page.evaluate(() => document.body.dataset['viewed']);
    expect(Number(viewed)).toBeGreaterThan(Number(asked));
    expect(await page.locator('table.audit tbody tr').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('draws only the rows of a long report in view, and the others as it scrolls', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i % 50 === 0 ? `User-agent: bot${i}` : `Disallow: /s-${i}/p`,
    );
    const body = `${lines.join('\n')}\n`;
    const page = await harness.open();
    await uploadDraft(page, 'long.txt', new TextEncoder().encode(body));
    await page.click('#tab-report');
    await settle(page);
    const listed = reportRobotsTxt(body)
      .lines.filter((l) => l.hasDirective)
      .slice(0, 2000);
    const drawn = () =>
      page.$$eval('table.report tbody tr:not(.spacer)', (trs) =>
        trs.map((tr) => [
          Number(tr.getAttribute('aria-rowindex')),
          Number(tr.children[0]?.textContent),
          tr.children[2]?.textContent ?? '',
        ]),
      );
    // Every row is counted; far fewer are in the DOM, each where it belongs.
    expect(await page.getAttribute('table.report', 'aria-rowcount')).toBe('2001');
    const first = await drawn();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThanOrEqual(100);
    const expectRows = (rows: (string | number)[][]) => {
      for (const [index, line, text] of rows) {
        const at = (index as number) - 2;
        expect(line).toBe(listed[at]?.line);
        expect(text).toBe(lines[(line as number) - 1]);
      }
    };
    expectRows(first);
    // Scrolled to the end: the last listed row is drawn, still only a window of rows.
    await page.$eval('.report-scroll', (box) => {
      box.scrollTop = box.scrollHeight;
    });
    await page.waitForFunction(
      () => document.querySelector('table.report tbody tr[aria-rowindex="2001"]') !== null,
    );
    const last = await drawn();
    expect(last.length).toBeLessThanOrEqual(100);
    expect(last.at(-1)?.[0]).toBe(2001);
    expectRows(last);
    // The scroll height is that of every row: the last row ends at the bottom of the box.
    const gap = await page.$eval('.report-scroll', (box) => {
      const row = box.querySelector('tr[aria-rowindex="2001"]')!.getBoundingClientRect();
      return Math.abs(box.getBoundingClientRect().bottom - row.bottom);
    });
    expect(gap).toBeLessThan(30);
    await page.close();
  });
});
