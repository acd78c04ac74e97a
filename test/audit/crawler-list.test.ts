import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditRobotsTxt, formatAuditTable } from '../../src/audit/audit.js';
import {
  CrawlerListError,
  combineCrawlers,
  MAX_CRAWLER_LIST_BYTES,
  MAX_CRAWLER_LIST_ENTRIES,
  parseCrawlerList,
} from '../../src/audit/crawler-list.js';
import { isRobotsTxtError, parseRobotsTxt } from '../../src/index.js';
import { crawlers, crawlerTokenProblem } from '../../src/readings/crawlers.js';

const FIXTURE = new URL('../fixtures/crawlers/robots.json', import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'crawler-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `content` to a real file and reads it back as bytes, as the CLI does. */
function fileOf(name: string, content: string | Uint8Array): Uint8Array {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return readFileSync(file);
}

// Raw terminal controls: C0 (but tab and line feed), DEL, C1, bidi overrides.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('parseCrawlerList: the ai-robots-txt robots.json format', () => {
  const list = parseCrawlerList(readFileSync(FIXTURE), { source: 'robots.json' });
  const row = (token: string) => list.crawlers.find((c) => c.token === token);

  it('reads each entry whose key is a token into a row', () => {
    expect(list.crawlers.map((c) => c.token)).toEqual([
      'ExampleSearchBot',
      'example-trainer',
      'gptbot',
      'Helper.Agent',
      'Quiet-Bot',
      'ExampleAgent',
    ]);
    expect(row('ExampleSearchBot')).toEqual({
      name: 'ExampleSearchBot',
      token: 'ExampleSearchBot',
      operator: 'Example Search',
      purpose: 'ai-search',
      purposes: ['ai-search'],
      remark: "Indexes pages for the answers of Example's AI search.",
      docs: 'https://search.example/bot',
      checked: '',
    });
    // The purposes come from `function`; `respect: No` is said in the remark.
    expect(row('example-trainer')).toMatchObject({
      operator: 'Example Labs',
      purposes: ['ai-training'],
      docs: 'https://labs.example/crawler',
    });
    expect(row('example-trainer')!.remark).toMatch(
      /^The list says it does not respect robots\.txt\./,
    );
    expect(row('Helper.Agent')).toMatchObject({
      operator: 'unknown',
      purposes: ['ai-assistant'],
      docs: 'robots.json',
    });
    expect(row('Quiet-Bot')!.purposes).toEqual(['other']);
    // Every token passes the catalog's own check.
    for (const c of list.crawlers) expect(crawlerTokenProblem(c.token)).toBeUndefined();
  });

  it('skips keys no User-agent line can name, and repeated tokens, saying why', () => {
    expect(list.skipped).toEqual([
      {
        key: 'Example Agent',
        reason: 'the key holds " ", which a User-agent line cannot name a crawler with',
      },
      {
        key: 'Bad\\x1b]0;owned\\x07Bot',
        reason: 'the key holds "\\x1b", which a User-agent line cannot name a crawler with',
      },
      { key: 'EXAMPLESEARCHBOT', reason: 'repeats the token of the entry "ExampleSearchBot"' },
    ]);
  });

  it('keeps no raw control character of the file in any row', () => {
    const text = JSON.stringify(list);
    expect(JSON.parse(text)).toEqual(list);
    for (const c of list.crawlers) {
      for (const value of Object.values(c)) {
        if (typeof value === 'string') expect(value).not.toMatch(RAW_CONTROL);
      }
    }
    for (const s of list.skipped) expect(`${s.key} ${s.reason}`).not.toMatch(RAW_CONTROL);
    expect(row('Quiet-Bot')!.operator).toBe('Quiet \\u202e Corp');
    expect(row('Quiet-Bot')!.remark).toBe('Line one line two \\x1b[2J cleared.');
  });

  it('extends the catalog: a token both name keeps the catalog row (any case)', () => {
    const rows = combineCrawlers(crawlers, list.crawlers);
    expect(rows.slice(0, crawlers.length)).toEqual(crawlers);
    expect(rows.length).toBe(crawlers.length + list.crawlers.length - 1);
    expect(rows.filter((c) => c.token.toLowerCase() === 'gptbot')).toEqual([
      crawlers.find((c) => c.token === 'GPTBot'),
    ]);
  });

  it('gives rows the audit reads, with every cell the library verdict of its token', () => {
    const body =
      'User-agent: ExampleSearchBot\nDisallow: /search/\n\nUser-agent: *\nDisallow: /private/\n';
    const robots = parseRobotsTxt(body);
    const audit = auditRobotsTxt(robots, {
      crawlers: combineCrawlers(crawlers, list.crawlers),
      paths: ['/search/x', '/private/x'],
    });
    const loaded = audit.rows.filter((r) => list.crawlers.includes(r.crawler));
    expect(loaded.map((r) => r.crawler.token)).toEqual(
      list.crawlers.filter((c) => c.token !== 'gptbot').map((c) => c.token),
    );
    for (const r of loaded) {
      for (const v of r.verdicts) {
        const asked = v.decidedBy === '*' ? 'RobotsRepNoSuchBot' : v.decidedBy;
        expect(v.allowed).toBe(robots.isAllowed(`https://e.com${v.path}`, asked));
      }
    }
    const own = loaded.find((r) => r.crawler.token === 'ExampleSearchBot')!;
    expect(own.verdicts.map((v) => [v.allowed, v.decidedBy])).toEqual([
      [true, 'ExampleSearchBot'],
      [false, 'ExampleSearchBot'],
      [true, 'ExampleSearchBot'],
    ]);
    expect(formatAuditTable(audit)).not.toMatch(RAW_CONTROL);
  });
});

describe('parseCrawlerList: lists it cannot read', () => {
  const error = (content: string | Uint8Array, name = 'list.json'): CrawlerListError => {
    try {
      parseCrawlerList(fileOf(name, content), { source: name });
    } catch (e) {
      expect(e).toBeInstanceOf(CrawlerListError);
      expect(isRobotsTxtError(e)).toBe(true);
      expect((e as CrawlerListError).code).toBe('ERR_CRAWLER_LIST');
      expect((e as CrawlerListError).message).not.toMatch(RAW_CONTROL);
      return e as CrawlerListError;
    }
    throw new Error('no error');
  };

  it('says what is wrong: JSON, shape, encoding', () => {
    expect(error('{"GPTBot": {').message).toMatch(/^list\.json is not a crawler list: not JSON/);
    expect(error('["GPTBot"]').message).toMatch(/must be a JSON object .*, got an array$/);
    expect(error('null').message).toMatch(/got null$/);
    expect(error('{"GPTBot": "OpenAI"}').message).toMatch(
      /the entry "GPTBot" must be an object, got a string$/,
    );
    expect(error('{"GPTBot": {"operator": 1}}').message).toMatch(
      /"operator" of the entry "GPTBot" must be text, got a number$/,
    );
    expect(error('{"GPTBot": {"function": ["a"]}}').message).toMatch(/got an array$/);
    expect(error(new Uint8Array([0x7b, 0xff, 0x7d])).message).toMatch(/not UTF-8/);
    // Controls in a key are escaped in the message.
    expect(error('{"A\\u001b]0;x\\u0007": 1}').message).toContain('A\\x1b]0;x\\x07');
  });

  it('caps the size and the number of entries', () => {
    const big = `{"A": {"description": "${'x'.repeat(MAX_CRAWLER_LIST_BYTES)}"}}`;
    expect(error(big, 'big.json').message).toMatch(/larger than 4194304 bytes/);
    const many = `{${Array.from({ length: MAX_CRAWLER_LIST_ENTRIES + 1 }, (_, i) => `"Bot${i}": {}`).join(',')}}`;
    expect(error(many, 'many.json').message).toMatch(/10001 entries, more than 10000/);
    // Deep nesting is refused before JSON.parse works through it.
    const deep = `{"A": ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    expect(error(deep, 'deep.json').message).toMatch(/nests deeper than 8 levels$/);
    // Brackets inside strings do not count.
    expect(
      parseCrawlerList(`{"A": {"description": "${'[{'.repeat(50)}\\" ]"}}`).crawlers,
    ).toHaveLength(1);
  });

  it('takes extra fields, missing ones, a BOM, and a name/version key', () => {
    const list = parseCrawlerList(
      fileOf('ok.json', '\ufeff{"NewBot/2.0": {"has_name_and_version": true}, "Other": {}}'),
    );
    expect(list.crawlers.map((c) => [c.token, c.operator, c.purposes, c.docs])).toEqual([
      ['NewBot', 'unknown', ['other'], 'robots.json'],
      ['Other', 'unknown', ['other'], 'robots.json'],
    ]);
    expect(parseCrawlerList('{}')).toEqual({ crawlers: [], skipped: [] });
  });
});
