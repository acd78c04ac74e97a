import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { changesVerdict } from '../../src/match/strategy.js';
import { lastCheckWork } from '../../src/robots.js';

// `isAllowed` needs only the verdict: the indexes pass over rules that would change only the
// deciding line (`changesVerdict`); `matchingLine` and `explain` look for the deciding rule.

describe('changesVerdict', () => {
  it('asks an allow to pass the best allow and reach the best disallow, a disallow to pass both', () => {
    // Nothing found yet: any rule.
    expect(changesVerdict(true, 1, -1, -1)).toBe(true);
    expect(changesVerdict(false, 1, -1, -1)).toBe(true);
    // A disallow of 7: an allow of 7 ties and allows, a disallow of 7 changes nothing.
    expect(changesVerdict(true, 7, -1, 7)).toBe(true);
    expect(changesVerdict(false, 7, -1, 7)).toBe(false);
    expect(changesVerdict(false, 8, -1, 7)).toBe(true);
    // An allow of 7: a disallow must pass it, an allow of 8 changes nothing yet but raises the bar.
    expect(changesVerdict(false, 7, 7, -1)).toBe(false);
    expect(changesVerdict(false, 8, 7, -1)).toBe(true);
    expect(changesVerdict(true, 8, 7, -1)).toBe(true);
    expect(changesVerdict(true, 6, -1, 7)).toBe(false);
  });
});

describe('isAllowed', () => {
  // Rules in pairs of equal patterns, allow and disallow (lines 3, 4; 5, 6…), more than a small
  // set: the trigram index (empty prefixes) and the prefix index (`/p…`).
  const pairs = Array.from({ length: 30 }, (_, i) => [`/*.x${i}z`, `/p${i}/*.x${i}z`]).flat();
  const text = [
    'User-agent: *',
    'Disallow: /',
    ...pairs.flatMap((pattern) => [`Allow: ${pattern}`, `Disallow: ${pattern}`]),
    'Disallow: /*.x3z$',
    '',
  ].join('\n');
  const urls = ['/a.x3z', '/p3/a.x3z', '/p3/a.x3zq', '/a.x4', '/q/b.x29z?c', '/'].map(
    (path) => `https://e.com${path}`,
  );

  it('answers as the deciding rule does, with less work where only the line was at stake', () => {
    const robots = parseRobotsTxt(text);
    let less = 0;
    for (const url of urls) {
      for (let i = 0; i < 3; i++) robots.isAllowed(url, 'bot');
      const explained = robots.explain(url, 'bot');
      const line = robots.matchingLine(url, 'bot');
      const lineWork = lastCheckWork();
      const allowed = robots.isAllowed(url, 'bot');
      expect(allowed).toBe(explained.allowed);
      expect(line).toBe(explained.line);
      expect(lastCheckWork()).toBeLessThanOrEqual(lineWork);
      if (lastCheckWork() < lineWork) less++;
    }
    // Where an allow of a pair matched first, its disallow is not tested.
    expect(less).toBeGreaterThan(0);
  });

  it('leaves matchingLine looking for the deciding rule after a call that threw', () => {
    const robots = parseRobotsTxt(text);
    for (let i = 0; i < 3; i++) robots.matchingLine(urls[1]!, 'bot');
    expect(() => robots.isAllowed(urls[1]!, 42 as unknown as string)).toThrow(TypeError);
    expect(robots.matchingLine(urls[1]!, 'bot')).toBe(robots.explain(urls[1]!, 'bot').line);
  });
});
