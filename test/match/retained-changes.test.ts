import { describe, expect, it } from 'vitest';
import { AGENT, generateShapes } from '../../bench/hostile-shapes.js';
import { parseRobotsTxt } from '../../src/index.js';
import { retainedChanges } from '../../src/match/matcher.js';

// The crawler client weighs the parsed files it keeps again only when `retainedChanges` moved
// (src/match/matcher.ts): an engine that grew what a file retains without bumping it would let
// the client's byte bound be passed unseen. Every step here that changes a file's
// `retainedBytes` must move the count.

/** Files whose sets are scanned, indexed, given kept entries and a wildcard program. */
function files(): { name: string; body: string; paths: string[] }[] {
  const plain = Array.from({ length: 3000 }, (_, i) => `Disallow: /o${i}/p${i % 7}\n`).join('');
  const wild = Array.from({ length: 2000 }, (_, i) => `Disallow: /*q${i}*r${i % 13}$\n`).join('');
  const shapes = generateShapes({ seed: 3, count: 5, bytes: 60 * 1024 });
  return [
    {
      name: 'plain rules',
      body: `User-agent: *\n${plain}Allow: /o1/\n`,
      paths: Array.from({ length: 60 }, (_, i) => `/o${(i * 37) % 3000}/p${i % 7}/x`),
    },
    {
      name: 'wildcard rules, a group of their own',
      body: `User-agent: ${AGENT}\n${wild}\nUser-agent: *\nDisallow: /\n`,
      paths: Array.from({ length: 60 }, (_, i) => `/a/q${i * 31}/b/r${i % 13}`),
    },
    ...shapes.map((shape) => ({
      name: shape.name,
      body: shape.body,
      paths: [...Array.from({ length: 40 }, (_, i) => `/${i}/x`), new URL(shape.url).pathname],
    })),
  ];
}

describe('retainedChanges', () => {
  it.each(files())('moves whenever what $name retains changes', ({ body, paths }) => {
    const robots = parseRobotsTxt(body);
    let moves = 0;
    const step = (what: string, run: () => unknown): void => {
      const bytes = robots.retainedBytes;
      const count = retainedChanges.count;
      run();
      if (robots.retainedBytes !== bytes) {
        moves++;
        expect(retainedChanges.count, what).not.toBe(count);
      }
    };
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        const url = `https://e.com${path}`;
        step(`isAllowed ${path}`, () => robots.isAllowed(url, AGENT));
        step(`isAllowed ${path} (other agent)`, () => robots.isAllowed(url, 'OtherBot'));
      }
    }
    step('matchingLine', () => robots.matchingLine(`https://e.com${paths[0]}`, AGENT));
    step('explain', () => robots.explain(`https://e.com${paths[1]}`, AGENT));
    step('crawlDelay', () => robots.crawlDelay(AGENT));
    step('groups', () => robots.groups);
    // The checks did grow it (else this test would prove nothing).
    expect(moves).toBeGreaterThan(0);
  });
});
