import { describe, expect, it } from 'vitest';
import {
  type ExtensionRecord,
  parseContentSignal,
  parseRobotsTxt,
  readExtensions,
} from '../../src/index.js';

const FILE = [
  'Host: www.example.com', // 1: before any group
  'Content-Signal: search=yes', // 2
  'User-agent: *', // 3
  'Crawl-delay: 2.5', // 4
  'Request-rate: 1/10m 0600-0845', // 5
  'Visit-time: 2300-0130', // 6
  'Clean-param: utm_source&ref /articles/', // 7
  'License: https://example.com/license.xml', // 8
  'Content-Usage: /ai-ok/ train-ai=y, search=y', // 9
  'content-usage: train-ai=n # a comment', // 10
  'CONTENT-SIGNAL: /blog/  ai-train=no, use=immediate', // 11
  'X-Unknown: kept as written', // 12
  'Disallow: /private/', // 13
].join('\n');

describe('readExtensions', () => {
  const robots = parseRobotsTxt(FILE);
  const records = readExtensions(robots);

  it('types every extension line, in file order, with its line, group and text as written', () => {
    expect(records.map((r) => [r.line, r.group, r.type, r.key])).toEqual([
      [1, -1, 'host', 'Host'],
      [2, -1, 'content-signal', 'Content-Signal'],
      [4, 0, 'crawl-delay', 'Crawl-delay'],
      [5, 0, 'request-rate', 'Request-rate'],
      [6, 0, 'visit-time', 'Visit-time'],
      [7, 0, 'clean-param', 'Clean-param'],
      [8, 0, 'license', 'License'],
      [9, 0, 'content-usage', 'Content-Usage'],
      [10, 0, 'content-usage', 'content-usage'],
      [11, 0, 'content-signal', 'CONTENT-SIGNAL'],
      [12, 0, 'other', 'X-Unknown'],
    ]);
    expect(records.find((r) => r.line === 12)?.value).toBe('kept as written');
    expect(records.find((r) => r.line === 10)?.value).toBe('train-ai=n');
  });

  it('reads each value into its fields', () => {
    const at = (line: number): ExtensionRecord => records.find((r) => r.line === line)!;
    expect(at(1)).toMatchObject({ type: 'host', host: 'www.example.com' });
    expect(at(4)).toMatchObject({ type: 'crawl-delay', seconds: 2.5 });
    expect(at(5)).toMatchObject({
      type: 'request-rate',
      requests: 1,
      seconds: 600,
      window: { start: '06:00', end: '08:45' },
    });
    expect(at(6)).toMatchObject({ type: 'visit-time', window: { start: '23:00', end: '01:30' } });
    expect(at(7)).toMatchObject({ parameters: ['utm_source', 'ref'], path: '/articles/' });
    expect(at(8)).toMatchObject({ type: 'license', url: 'https://example.com/license.xml' });
    expect(at(9)).toMatchObject({
      path: '/ai-ok/',
      pattern: '/ai-ok/',
      priority: 7,
      statement: 'train-ai=y, search=y',
    });
    expect(at(10)).toMatchObject({ path: null, pattern: '', priority: 0, statement: 'train-ai=n' });
    expect(at(11)).toMatchObject({ path: '/blog/', statement: 'ai-train=no, use=immediate' });
    expect(at(11).type === 'content-signal' && at(11)).toMatchObject({
      signals: { signals: { 'ai-train': 'disallowed', search: 'unknown' }, use: 'immediate' },
    });
  });

  it('gives null for values it cannot read, never a guess', () => {
    const bad = readExtensions(
      parseRobotsTxt(
        'User-agent: *\nCrawl-delay: soon\nCrawl-delay: -1\nRequest-rate: fast\nVisit-time: 2500-0100\n',
      ),
    );
    expect(bad.map((r) => ('seconds' in r ? r.seconds : 'window' in r ? r.window : r))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const rate = readExtensions(parseRobotsTxt('Request-rate: 3/1h\n'))[0];
    expect(rate).toMatchObject({ requests: 3, seconds: 3600, window: null });
  });

  it('escapes a preference path like an Allow/Disallow pattern, under either encoding', () => {
    const body = 'User-agent: *\nContent-Usage: /caf\u00e9/%7euser/%2f train-ai=n\n';
    const [google] = readExtensions(parseRobotsTxt(body));
    expect(google).toMatchObject({
      path: '/caf\u00e9/%7euser/%2f',
      pattern: '/caf%C3%A9/%7Euser/%2F',
    });
    const [strict] = readExtensions(parseRobotsTxt(body, { percentEncoding: 'rfc9309' }));
    expect(strict).toMatchObject({ pattern: '/caf%C3%A9/~user/%2F', statement: 'train-ai=n' });
  });

  it('keeps the records of a file once', () => {
    expect(readExtensions(robots)).toBe(records);
  });

  it('splits a path from its statement at the first space or tab', () => {
    const [tab] = readExtensions(
      parseRobotsTxt('User-agent: *\nContent-Usage: /a\t\ttrain-ai=n\n'),
    );
    expect(tab).toMatchObject({ path: '/a', statement: 'train-ai=n' });
    const [only] = readExtensions(parseRobotsTxt('User-agent: *\nContent-Usage: /a\n'));
    expect(only).toMatchObject({ path: '/a', statement: '' });
  });
});

describe('parseContentSignal', () => {
  it.each([
    [
      'search=yes, ai-train=no',
      { search: 'allowed', 'ai-input': 'unknown', 'ai-train': 'disallowed' },
      null,
    ],
    [
      'search=yes,ai-input=yes,ai-train=yes',
      { search: 'allowed', 'ai-input': 'allowed', 'ai-train': 'allowed' },
      null,
    ],
    [
      'search=yes,ai-train=no,use=reference',
      { search: 'allowed', 'ai-input': 'unknown', 'ai-train': 'disallowed' },
      'reference',
    ],
    [
      'SEARCH=Yes, ai-train = no',
      { search: 'allowed', 'ai-input': 'unknown', 'ai-train': 'disallowed' },
      null,
    ],
    [
      'search=y, ai-train=0, use=forever',
      { search: 'unknown', 'ai-input': 'unknown', 'ai-train': 'unknown' },
      null,
    ],
    [
      'ai-train=yes, ai-train=no',
      { search: 'unknown', 'ai-input': 'unknown', 'ai-train': 'disallowed' },
      null,
    ],
    ['', { search: 'unknown', 'ai-input': 'unknown', 'ai-train': 'unknown' }, null],
  ] as const)('%j', (statement, signals, use) => {
    const read = parseContentSignal(statement);
    expect(read.signals).toEqual(signals);
    expect(read.use).toBe(use);
  });

  it('keeps every pair as written and the pieces that are not pairs', () => {
    const read = parseContentSignal('search=yes, notapair, ,=no, ai-train =no');
    expect(read.entries).toEqual([
      { key: 'search', value: 'yes' },
      { key: 'ai-train', value: 'no' },
    ]);
    expect(read.malformed).toEqual(['notapair', '=no']);
  });
});
