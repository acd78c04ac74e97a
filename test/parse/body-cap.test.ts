import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import type { RobotsTxt } from '../../src/types.js';

// Bodies passed directly stop costing past the cap (issue #12): only what the parser reads is
// converted, and a parsed file keeps nothing of the rest.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const encoder = new TextEncoder();

/** What a parse answers, to compare a string body with its bytes. */
function summary(robots: RobotsTxt) {
  return {
    size: robots.size,
    bytesParsed: robots.bytesParsed,
    truncated: robots.truncated,
    lines: robots.lineCount,
    rules: robots.groups.map((g) => g.rules.map((r) => [r.line, r.pattern])),
    verdict: robots.isAllowed('https://e.com/caf%C3%A9/x', 'Bot'),
  };
}

describe('a body longer than maxBytes', () => {
  it('reads the same from a long string as from its bytes', () => {
    const body = `User-agent: *\nDisallow: /café\n${'# ünïcødé 😀\n'.repeat(60_000)}`;
    const fromString = parseRobotsTxt(body);
    expect(summary(fromString)).toEqual(summary(parseRobotsTxt(encoder.encode(body))));
    expect(fromString.size).toBe(encoder.encode(body).length);
    expect(fromString.truncated).toBe(true);
    expect(fromString.isAllowed('https://e.com/caf%C3%A9/x', 'Bot')).toBe(false);
  });

  it.each([0, 1, 2, 3])(
    'cuts a surrogate pair %i characters past the cap as its bytes do',
    (shift) => {
      const maxBytes = 100;
      const head = `User-agent: *\nDisallow: /x\n#${'a'.repeat(maxBytes - 28 + shift)}`;
      const body = `${head}😀😀\nDisallow: /y\n`;
      expect(summary(parseRobotsTxt(body, { maxBytes }))).toEqual(
        summary(parseRobotsTxt(encoder.encode(body), { maxBytes })),
      );
    },
  );

  it('keeps nothing of a 40 MB string past what it read', () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const robots = (() => {
      const body = `User-agent: *\nDisallow: /é\n${'é'.repeat(40_000_000)}\n`;
      return parseRobotsTxt(body);
    })();
    gc();
    expect(robots.size).toBe(40_000_000 * 2 + 29);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8_000_000);
  });

  it('keeps nothing of a 40 MB ASCII string or byte array either', () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const parsed = (() => {
      const ascii = `User-agent: *\nDisallow: /a\n${'a'.repeat(40_000_000)}`;
      return [parseRobotsTxt(ascii), parseRobotsTxt(encoder.encode(ascii))];
    })();
    gc();
    expect(parsed.map((r) => r.size)).toEqual([40_000_027, 40_000_027]);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8_000_000);
  });
});
