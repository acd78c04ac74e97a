/**
 * The tester page in Debian's Chromium for tests: built with Vite into a temporary folder,
 * served by `robotstxt serve`'s server on loopback, driven through playwright-core. Every wait
 * is for a state of the page, never for a time.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { startWebServer, type WebServer, type WebServerOptions } from '../../src/cli/web-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A built page, its server and a browser. */
export interface PageHarness {
  readonly out: string;
  readonly server: WebServer;
  readonly browser: Browser;
  open(fragment?: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Builds the page, serves it with `options` and launches Chromium. */
export async function startPageHarness(
  options: Omit<WebServerOptions, 'root'>,
): Promise<PageHarness> {
  const out = mkdtempSync(path.join(tmpdir(), 'robots-web-'));
  await build({
    configFile: path.join(root, 'web/vite.config.ts'),
    build: { outDir: out, emptyOutDir: true },
    logLevel: 'silent',
  });
  const server = await startWebServer({ root: out, ...options });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  return {
    out,
    server,
    browser,
    async open(fragment = '', viewport = { width: 1280, height: 800 }) {
      const page = await browser.newPage({ viewport });
      page.on('pageerror', (error) => {
        throw error;
      });
      await page.goto(`${server.url}${fragment}`);
      await page.waitForSelector('.verdict, #share-outcome:not(:empty)');
      await settle(page);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/** Waits until the last evaluation (and view, when a tab asked for one) has been rendered. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const d = document.body.dataset;
    return (
      d['evaluating'] === d['evaluated'] &&
      d['viewing'] === d['viewed'] &&
      document.querySelector('[data-drawing]') === null
    );
  });
}

/** Runs `action` and waits for the evaluation it causes to be rendered. */
export async function afterEvaluation(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await page.evaluate(() => document.body.dataset['evaluated'] ?? '0');
  await action();
  await page.waitForFunction((b) => (document.body.dataset['evaluated'] ?? '0') !== b, before);
  await settle(page);
}

/** Uploads bytes as the draft file and waits for their matrix. */
export async function uploadDraft(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await afterEvaluation(page, () =>
    page.setInputFiles('#upload', { name, mimeType: 'text/plain', buffer: Buffer.from(bytes) }),
  );
}

/** Sets the URL list and waits for its matrix. */
export async function setUrls(page: Page, urls: readonly string[]): Promise<void> {
  await afterEvaluation(page, () => page.fill('#urls', urls.join('\n')));
}

/** The matrix: per row, per crawler, `verdict:line:decided-by`. */
export async function matrixCells(page: Page): Promise<string[][]> {
  return page.$$eval('table.matrix tbody tr', (rows) =>
    rows.map((row) =>
      [...row.querySelectorAll<HTMLElement>('td.verdict')].map(
        (b) =>
          `${b.classList.contains('allowed') ? 'allowed' : 'disallowed'}:${/\bline (\d+)/.exec(b.textContent ?? '')?.[1] ?? '0'}:${b.dataset['decided']}`,
      ),
    ),
  );
}

/** The matrix's crawler tokens, in order. */
export async function matrixAgents(page: Page): Promise<string[]> {
  return page.$$eval('table.matrix thead th[data-token]', (ths) =>
    ths.map((th) => th.getAttribute('data-token') ?? ''),
  );
}
