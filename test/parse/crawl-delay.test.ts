import { describe, expect, it } from 'vitest';
import {
  MAX_CRAWL_DELAY,
  parseCrawlDelay,
  parseRobotsTxt,
  readExtensions,
} from '../../src/index.js';
import { parseDecimal } from '../../src/util/decimal.js';

// Numbers parse strictly (issue #12): a hostile file cannot pass hex, binary, exponents or
// unbounded values off as a Crawl-delay.

describe('parseDecimal', () => {
  it.each([
    ['10', 10],
    ['0', 0],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['007', 7],
  ])('reads %j as %d', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each([
    '',
    '.',
    '0x10',
    '0b1010',
    '0o17',
    '1e308',
    '1E3',
    '-1',
    '+1',
    'Infinity',
    'NaN',
    '1_000',
    '1,5',
    '1.2.3',
    ' 1',
    '１',
    '9'.repeat(33),
  ])('rejects %j', (text) => expect(parseDecimal(text)).toBeUndefined());
});

describe('Crawl-delay', () => {
  const delay = (value: string) =>
    parseRobotsTxt(`User-agent: *\nCrawl-delay: ${value}\n`).crawlDelay('Bot');

  it('accepts decimal numbers only', () => {
    expect(delay('10')).toBe(10);
    expect(delay('2.5')).toBe(2.5);
    expect(delay('0x10')).toBeUndefined();
    expect(delay('0b1010')).toBeUndefined();
    expect(delay('1e308')).toBeUndefined();
    expect(delay('-5')).toBeUndefined();
  });

  it('gives at most MAX_CRAWL_DELAY (a day)', () => {
    expect(MAX_CRAWL_DELAY).toBe(86_400);
    expect(delay('99999999999')).toBe(MAX_CRAWL_DELAY);
    expect(parseCrawlDelay('86401')).toBe(MAX_CRAWL_DELAY);
  });

  it('skips an invalid value for the next valid one, as before', () => {
    const robots = parseRobotsTxt('User-agent: *\nCrawl-delay: 0x10\nCrawl-delay: 3\n');
    expect(robots.crawlDelay('Bot')).toBe(3);
  });

  it('reads the same in the typed extension records', () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nCrawl-delay: 0x10\nCrawl-delay: 1e9999\nCrawl-delay: 7\n',
    );
    const seconds = readExtensions(robots)
      .filter((r) => r.type === 'crawl-delay')
      .map((r) => (r as { seconds: number | null }).seconds);
    expect(seconds).toEqual([null, null, 7]);
  });
});
