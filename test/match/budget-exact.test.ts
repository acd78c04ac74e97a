import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLIENT_WORK_BUDGET } from '../../src/cache/client-options.js';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import { loadCases } from '../helpers/cases.js';

// The client's default work budget sits far above anything a real file needs (issue #12):
// every reference case and every file of the real-world corpus is decided exactly with it on,
// on a rule set's first checks (in place) and on later ones (indexed). The most work any of
// them takes is asserted too, so that the margin is known.

const options = { workBudget: CLIENT_WORK_BUDGET };

describe('the client work budget', () => {
  it('leaves every reference case exact', () => {
    let most = 0;
    for (const file of [
      'conformance/cases.jsonl',
      'conformance/cases-bytes.jsonl',
      'spec-test/cases.jsonl',
    ]) {
      for (const c of loadCases(file)) {
        const robots = parseRobotsTxt(c.body, options);
        for (let i = 0; i < 4; i++) {
          expect(robots.isAllowed(c.url, c.useragent)).toBe(c.allowed);
          most = Math.max(most, lastCheckWork());
        }
        expect(robots.matchingLine(c.url, c.useragent)).toBe(c.matchingLine);
        expect(robots.exhaustedChecks).toBe(0);
      }
    }
    expect(most).toBeLessThan(CLIENT_WORK_BUDGET / 50);
  });

  const corpus = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
  it.runIf(existsSync(`${corpus}files`))(
    'leaves every corpus file exact on its own URLs',
    () => {
      const urls = readdirSync(`${corpus}urls`).flatMap((name) =>
        readFileSync(`${corpus}urls/${name}`, 'utf8').split('\n').filter(Boolean).slice(0, 20),
      );
      const paths = [...new Set(urls.map((url) => url.replace(/^[a-z]+:\/\/[^/]*/i, '')))];
      let most = 0;
      let checks = 0;
      for (const file of readdirSync(`${corpus}files`)) {
        const bytes = new Uint8Array(readFileSync(`${corpus}files/${file}`));
        const budgeted = parseRobotsTxt(bytes, options);
        const free = parseRobotsTxt(bytes);
        for (let i = 0; i < 40; i++) {
          const url = `https://example.com${paths[(checks * 7919) % paths.length]}`;
          const allowed = budgeted.isAllowed(url, 'Googlebot');
          most = Math.max(most, lastCheckWork());
          expect(allowed).toBe(free.isAllowed(url, 'Googlebot'));
          checks++;
        }
        expect(budgeted.exhaustedChecks).toBe(0);
      }
      expect(checks).toBeGreaterThan(250_000);
      // The costliest check of the corpus, with a wide margin to the budget.
      expect(most).toBeLessThan(CLIENT_WORK_BUDGET / 5);
    },
    600_000,
  );
});
