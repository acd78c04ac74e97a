/**
 * The tester page as `robotstxt serve` runs it, in Chromium: the address policy behind "Load
 * live file" as the page words it (with and without `--allow-private-hosts`), and the
 * explanation in view on a phone after a tap.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchForPage, fetchWithPrivateHosts } from '../../src/cli/access.js';
import { startWebServer, type WebServer } from '../../src/cli/web-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { type PageHarness, settle, setUrls, startPageHarness } from '../helpers/web-page.js';

let harness: PageHarness;
/** The same built page, served as `serve --allow-private-hosts` serves it. */
let permissive: WebServer;
/** A staging site on loopback. */
let site: TestServer;

beforeAll(async () => {
  // As `serve` runs without the flag: public addresses only.
  harness = await startPageHarness({ port: 0, fetchRobotsTxt: fetchForPage });
  permissive = await startWebServer({
    root: harness.out,
    port: 0,
    fetchRobotsTxt: fetchWithPrivateHosts,
    privateHosts: true,
  });
  site = await startHttpServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('User-agent: *\nDisallow: /staging-only/\n');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
}, 180_000);

afterAll(async () => {
  await site?.close();
  await permissive?.close();
  await harness?.close();
});

async function loadLive(page: Page, url: string): Promise<string> {
  await page.fill('#fetch-url', url);
  await page.click('#fetch-form button');
  await page.waitForFunction(
    () => !/^(|Fetching…)$/.test(document.querySelector('#fetch-outcome')?.textContent ?? ''),
  );
  return (await page.textContent('#fetch-outcome')) ?? '';
}

describe('the tester page as served', { timeout: 180_000 }, () => {
  it('says a refused loopback address is this tool’s policy, not the site’s state', async () => {
    const page = await harness.open();
    expect(await page.isVisible('#fetch-policy')).toBe(false);
    const draft = await page.textContent('.cm-content');
    const outcome = await loadLive(page, `${site.origin}/`);
    expect(outcome).toContain('this tool does not fetch loopback, private or link-local addresses');
    expect(outcome).toContain("this says nothing about the site's robots.txt");
    expect(outcome).toContain('--allow-private-hosts');
    expect(outcome).not.toMatch(/every URL is (dis)?allowed/);
    // Nothing was loaded: the draft is as it was.
    expect(await page.textContent('.cm-content')).toBe(draft);
    await page.close();
  });

  it('says on the page when --allow-private-hosts is on, and then loads a staging host', async () => {
    const page = await harness.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(permissive.url);
    await page.waitForSelector('.verdict');
    await settle(page);
    await expect
      .poll(() => page.textContent('#fetch-policy'))
      .toContain('started with --allow-private-hosts');
    expect(await page.isVisible('#fetch-policy')).toBe(true);
    const outcome = await loadLive(page, `${site.origin}/`);
    expect(outcome).toContain('ok (HTTP 200)');
    expect(outcome).toContain('its rules apply');
    await expect.poll(() => page.textContent('.cm-content')).toContain('Disallow: /staging-only/');
    await page.close();
  });

  it('keeps the explanation in view on a phone after a tap on a cell', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 375, height: 667 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(harness.server.url);
    await page.waitForSelector('.verdict');
    await settle(page);
    await setUrls(
      page,
      Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `/private/${i}` : `/page/${i}`)),
    );
    // A cell well down the matrix: the page has to scroll to it.
    const cell = page.locator('td.verdict[data-url="24"][data-agent="1"]');
    await cell.scrollIntoViewIfNeeded();
    await cell.tap();
    await page.waitForSelector('#explanation .reason');
    await settle(page);
    const agent = await page.getAttribute(
      'table.matrix thead th[data-token]:nth-child(3)',
      'data-token',
    );
    expect(await page.textContent('#explanation h3')).toBe(`${agent} · /private/24`);
    const box = await page.evaluate(() => {
      const panel = document.querySelector('#explanation') as HTMLElement;
      const heading = panel.querySelector('h3') as HTMLElement;
      const verdict = panel.querySelector('p') as HTMLElement;
      return {
        panel: panel.getBoundingClientRect().toJSON() as DOMRect,
        heading: heading.getBoundingClientRect().toJSON() as DOMRect,
        verdict: verdict.getBoundingClientRect().toJSON() as DOMRect,
        height: window.innerHeight,
        width: window.innerWidth,
      };
    });
    // The panel's heading and verdict are on the screen, not below it.
    for (const part of [box.heading, box.verdict]) {
      expect(part.top).toBeGreaterThanOrEqual(0);
      expect(part.bottom).toBeLessThanOrEqual(box.height);
      expect(part.right).toBeLessThanOrEqual(box.width);
    }
    expect(box.panel.top).toBeLessThan(box.height);
    await context.close();
  });
});
