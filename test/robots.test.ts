import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowAll,
  disallowAll,
  escapePattern,
  getPathParamsQuery,
  parseRobotsTxt,
} from '../src/index.js';
import { pathForMatching } from '../src/match/path.js';
import { escapedPattern } from '../src/parse/escape.js';
import { referencePath } from './helpers/reference-port.js';

const SHOP = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  'Allow: /private/public', // 3
  'Crawl-delay: 10', // 4
  '', // 5
  'User-agent: ExampleBot', // 6
  'User-agent: OtherBot/2.1', // 7
  'Disallow: /', // 8
  'Allow: /docs/index.html', // 9
  'Sitemap: https://shop.example/sitemap.xml', // 10
  'Crawl-delay: 2.5', // 11
  '', // 12
].join('\n');

describe('parseRobotsTxt: the model', () => {
  const robots = parseRobotsTxt(SHOP);

  it('exposes groups with agents, tokens and rules in file order', () => {
    expect(robots.groups).toHaveLength(2);
    expect(robots.groups[1]!.agents).toEqual([
      { line: 6, value: 'ExampleBot', global: false, token: 'ExampleBot' },
      { line: 7, value: 'OtherBot/2.1', global: false, token: 'OtherBot' },
    ]);
    expect(robots.groups[0]!.rules[1]).toEqual({
      type: 'allow',
      line: 3,
      value: '/private/public',
      pattern: '/private/public',
      priority: 15,
    });
  });

  it('keeps sitemaps (which do not end a group) and other directives with their group', () => {
    expect(robots.sitemaps).toEqual(['https://shop.example/sitemap.xml']);
    expect(robots.directives.map((d) => [d.line, d.key, d.value, d.group])).toEqual([
      [4, 'Crawl-delay', '10', 0],
      [11, 'Crawl-delay', '2.5', 1],
    ]);
  });

  it('reports crawl-delay for the groups that apply', () => {
    expect(robots.crawlDelay('ExampleBot')).toBe(2.5);
    expect(robots.crawlDelay('SomeBot')).toBe(10);
    expect(parseRobotsTxt('User-agent: *\nDisallow: /\n').crawlDelay('x')).toBeUndefined();
  });

  it('counts lines as the reference does and records their metadata', () => {
    expect(robots.lineCount).toBe(12);
    expect(robots.lines[4]).toMatchObject({ line: 5, isEmpty: true, hasDirective: false });
    const odd = parseRobotsTxt('Disallow /x\nDissallow: /y # why\n# only\n');
    expect(
      odd.lines.map((l) => [
        l.isMissingColonSeparator,
        l.isAcceptableTypo,
        l.hasComment,
        l.isComment,
      ]),
    ).toEqual([
      [true, false, false, false],
      [false, true, true, false],
      [false, false, true, true],
      [false, false, false, false],
    ]);
  });

  it('reads the model from the body when first asked, the same before and after checks', () => {
    // `before` is read before any check, `after` only after checks.
    const before = parseRobotsTxt(SHOP);
    const groups = before.groups;
    const lines = before.lines;
    const after = parseRobotsTxt(SHOP);
    expect(after.isAllowed('https://h/private/x', 'ExampleBot')).toBe(false);
    expect(after.isAllowed('https://h/docs/', 'ExampleBot')).toBe(true);
    expect(after.groups).toEqual(groups);
    expect(after.lines).toEqual(lines);
    expect(before.isAllowed('https://h/docs/', 'ExampleBot')).toBe(true);
    // Read once, then kept.
    expect(after.groups).toBe(after.groups);
    expect(after.sitemaps).toBe(after.sitemaps);
  });

  it('writes the model as plain data to JSON', () => {
    const data = JSON.parse(JSON.stringify(robots));
    expect(Object.keys(data).sort()).toEqual(
      [
        'bytesParsed',
        'directives',
        'groups',
        'options',
        'rulesOutsideGroups',
        'sitemapLines',
        'sitemaps',
        'size',
        'truncated',
      ].sort(),
    );
    expect(data.groups).toEqual(robots.groups);
    expect(data.size).toBe(SHOP.length);
    expect(data.options).toEqual({
      maxBytes: 512000,
      percentEncoding: 'reference',
      productTokenDigits: false,
      interpretation: 'google',
    });
  });

  it('keeps rules that stand before any user-agent apart, and never applies them', () => {
    const early = parseRobotsTxt('Disallow: /\nUser-agent: *\nDisallow: /x\n');
    expect(early.rulesOutsideGroups.map((r) => r.line)).toEqual([1]);
    expect(early.isAllowed('https://h/y', 'Bot')).toBe(true);
  });
});

describe('isAllowed / explain', () => {
  const robots = parseRobotsTxt(SHOP);

  it('applies the global group to unnamed agents, longest match first', () => {
    expect(robots.isAllowed('https://shop.example/private/x', 'SomeBot')).toBe(false);
    expect(robots.isAllowed('https://shop.example/private/public/x', 'SomeBot')).toBe(true);
    expect(robots.isAllowed('https://shop.example/', 'SomeBot')).toBe(true);
  });

  it('lets a named group hide the global one completely', () => {
    expect(robots.isAllowed('https://shop.example/anything', 'examplebot')).toBe(false);
    expect(robots.isAllowed('https://shop.example/anything', 'OtherBot')).toBe(false);
    // The queried string is not reduced to a product token.
    expect(robots.isAllowed('https://shop.example/anything', 'OtherBot/2.1')).toBe(true);
  });

  it('explains the deciding rule, the rule sets and the reason', () => {
    const e = robots.explain('https://shop.example/private/x?y=1#frag', 'SomeBot');
    expect(e).toMatchObject({
      allowed: false,
      line: 2,
      path: '/private/x?y=1',
      agents: ['SomeBot'],
      selection: 'global',
      groups: [0],
      rule: {
        type: 'disallow',
        line: 2,
        pattern: '/private',
        matchPriority: 8,
        group: 0,
        indexRewrite: false,
      },
    });
    expect(e.bestAllow).toBeUndefined();
    expect(e.reason).toContain('line 2 "Disallow: /private"');
  });

  it('shows the index.html rewrite that allowed a directory', () => {
    const e = robots.explain('https://shop.example/docs/', 'ExampleBot');
    expect(e).toMatchObject({ allowed: true, line: 9, selection: 'specific', groups: [1] });
    expect(e.rule).toMatchObject({ indexRewrite: true, matchPriority: 7, priority: 16 });
    expect(e.bestDisallow).toMatchObject({ line: 8, matchPriority: 1 });
    expect(robots.isAllowed('https://shop.example/docs/?x', 'ExampleBot')).toBe(false);
  });

  it('merges the groups of several agents into one verdict', () => {
    const two = parseRobotsTxt('User-agent: A\nDisallow: /private\n\nUser-agent: B\nAllow: /\n');
    expect(two.isAllowed('https://h/private', ['A', 'B'])).toBe(false);
    expect(two.explain('https://h/private', ['B', 'A'])).toMatchObject({ line: 2, groups: [0, 1] });
    expect(two.isAllowed('https://h/private', [])).toBe(true);
  });

  it('answers for the agents a reused list holds now, not those of the last check', () => {
    const two = parseRobotsTxt('User-agent: A\nDisallow: /private\n\nUser-agent: B\nAllow: /\n');
    const agents = ['B'];
    expect(two.isAllowed('https://h/private', agents)).toBe(true);
    agents[0] = 'A';
    expect(two.isAllowed('https://h/private', agents)).toBe(false);
    agents.push('B');
    expect(two.matchingLine('https://h/private', agents)).toBe(2);
    expect(two.isAllowed('https://h/private', 'B')).toBe(true);
    expect(() => two.isAllowed('https://h/private', ['A', 7] as unknown as string[])).toThrow(
      TypeError,
    );
  });

  it('type-checks the agent of the very first check', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /\n');
    expect(() => robots.isAllowed('https://h/x', undefined as unknown as string)).toThrow(
      TypeError,
    );
  });

  it('agents named by the same groups are one rule set', () => {
    const robots = parseRobotsTxt('User-agent: A\nUser-agent: B\nDisallow: /x\nAllow: /x/y\n');
    expect(robots.matchingLine('https://h/x/y', ['A', 'B'])).toBe(4);
    expect(robots.explain('https://h/x', ['B', 'A'])).toMatchObject({ line: 3, groups: [0] });
  });

  it("compiles each agent's rules on its first check: any order gives fresh-parse answers", () => {
    // Groups large enough to be indexed, a token named by two groups, escaped values, and (in
    // the second body) a line past the cap, which makes the parse read UTF-16 text as bytes.
    const group = (agent: string, tag: string): string[] => [
      `User-agent: ${agent}`,
      ...Array.from(
        { length: 30 },
        (_, i) => `${i % 3 ? 'Disallow' : 'Allow'}: /${tag}${i}/ü%7e*x`,
      ),
      `Disallow: /${tag}/`,
      `Allow: /${tag}/index.html`,
    ];
    const lines = [
      ...group('A', 'a'),
      ...group('B', 'b'),
      ...group('*', 's'),
      ...group('a/2.0', 'c'),
    ];
    const bodies = [lines.join('\n'), `${lines.join('\n')}\n# ${'é'.repeat(9000)}\n`];
    const paths = ['/a1/ü%7Eyx', '/b2/%C3%BC%7ex', '/s/', '/s/x', '/c3/%C3%BC%7Ex', '/a/', '/z'];
    const agents: (string | string[])[] = ['a', 'B', 'other', ['b', 'A'], ['x', 'y']];
    for (const body of bodies) {
      const shared = parseRobotsTxt(body);
      for (const agent of [...agents].reverse().concat(agents)) {
        for (const path of paths) {
          const url = `https://h${path}`;
          const fresh = parseRobotsTxt(body);
          expect(shared.matchingLine(url, agent)).toBe(fresh.matchingLine(url, agent));
          expect(shared.isAllowed(url, agent)).toBe(fresh.isAllowed(url, agent));
        }
      }
      // Answers that pin the compiled rules down, not only their agreement.
      expect(shared.isAllowed('https://h/a1/%C3%BC%7Eyx', 'A')).toBe(false);
      expect(shared.isAllowed('https://h/a1/%C3%BC~yx', 'A')).toBe(true);
      expect(shared.matchingLine('https://h/a0/%C3%BC%7Ex', 'a')).toBe(2);
      expect(shared.matchingLine('https://h/s/', 'other')).toBe(99);
      expect(shared.explain('https://h/c/x', 'A')).toMatchObject({ line: 131, groups: [0, 3] });
    }
  });

  it('finds the groups naming an agent among a few User-agent lines and among many', () => {
    // Up to eight lines naming tokens are compared in turn, more are looked up by token.
    for (const others of [2, 20]) {
      const lines = Array.from(
        { length: others },
        (_, i) => `User-agent: Bot${String.fromCharCode(0x61 + i)}\nDisallow: /${i}`,
      );
      const body = [
        'User-agent: FooBot/2.1\nUser-agent: foobot\nDisallow: /a',
        ...lines,
        'User-agent: *\nDisallow: /s',
        'User-agent: FOOBOT\nUser-agent: Foo\nDisallow: /b',
      ].join('\n');
      const robots = parseRobotsTxt(body);
      const last = others + 2;
      expect(robots.explain('https://h/b', 'fooBot')).toMatchObject({
        line: 8 + 2 * others,
        groups: [0, last],
      });
      expect(robots.explain('https://h/a', 'Foo')).toMatchObject({ line: 0, groups: [last] });
      expect(robots.explain('https://h/1', 'botb')).toMatchObject({ line: 7, groups: [2] });
      // The whole queried string is the token: `FooBot/2.1` names none, nor does a prefix.
      expect(robots.explain('https://h/s', 'FooBot/2.1')).toMatchObject({
        line: 5 + 2 * others,
        selection: 'global',
      });
      expect(robots.explain('https://h/s', 'FooBo').selection).toBe('global');
    }
  });

  it('says when no group applies at all', () => {
    const e = parseRobotsTxt('User-agent: A\nDisallow: /\n').explain('https://h/x', 'B');
    expect(e).toMatchObject({ allowed: true, line: 0, selection: 'none', groups: [] });
  });

  it('accepts URL objects, string and byte bodies alike', () => {
    const bytes = new TextEncoder().encode(SHOP);
    for (const body of [SHOP, bytes, bytes.buffer as ArrayBuffer]) {
      const r = parseRobotsTxt(body);
      expect(r.isAllowed(new URL('https://shop.example/private'), 'x')).toBe(false);
    }
  });
});

describe('wrong argument types are TypeErrors naming the argument', () => {
  const robots = parseRobotsTxt('User-agent: *\nDisallow: /x\n');
  it.each([
    ['body', () => parseRobotsTxt(42 as unknown as string), /body must be a string/],
    ['body null', () => parseRobotsTxt(null as unknown as string), /body .* got null/],
    ['options', () => parseRobotsTxt('', 'x' as never), /options must be an object/],
    ['maxBytes', () => parseRobotsTxt('', { maxBytes: -1 }), /maxBytes/],
    [
      'percentEncoding',
      () => parseRobotsTxt('', { percentEncoding: 'x' as never }),
      /percentEncoding/,
    ],
    ['url', () => robots.isAllowed(5 as unknown as string, 'a'), /url must be a string or a URL/],
    ['agent', () => robots.isAllowed('/x', 5 as unknown as string), /agent must be a string/],
    ['agent list', () => robots.explain('/x', ['a', 1] as unknown as string[]), /agent must be/],
  ])('%s', (_name, call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });
});

describe('the 500 KiB limit (RFC 9309 §2.5)', () => {
  const head = 'User-agent: *\nDisallow: /early\n';
  const filler = `# ${'x'.repeat(1000)}\n`.repeat(520);
  const body = `${head}${filler}Disallow: /late\n`;

  it('reads only the first 500 KiB by default and says so', () => {
    const robots = parseRobotsTxt(body);
    expect(robots.truncated).toBe(true);
    expect(robots.size).toBe(new TextEncoder().encode(body).length);
    expect(robots.bytesParsed).toBeLessThanOrEqual(500 * 1024);
    expect(robots.isAllowed('https://h/early', 'x')).toBe(false);
    expect(robots.isAllowed('https://h/late', 'x')).toBe(true);
  });

  it('is configurable', () => {
    const robots = parseRobotsTxt(body, { maxBytes: 2 * 1024 * 1024 });
    expect(robots.truncated).toBe(false);
    expect(robots.isAllowed('https://h/late', 'x')).toBe(false);
  });

  it('keeps a line whose terminator is the first byte past the limit', () => {
    // 'User-agent: *\n' is 14 bytes, 'Disallow: /x' ends at byte 26.
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /x\nAllow: /x\n', { maxBytes: 26 });
    expect(robots.truncated).toBe(true);
    expect(robots.bytesParsed).toBe(26);
    expect(robots.explain('https://h/x', 'a')).toMatchObject({ allowed: false, line: 2 });
  });

  it('drops a line cut by the limit instead of reading half a rule', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /private-area\n', { maxBytes: 25 });
    expect(robots.truncated).toBe(true);
    expect(robots.isAllowed('https://h/priv', 'x')).toBe(true);
    expect(robots.groups[0]!.rules).toEqual([]);
  });
});

describe('options: the RFC 9309 readings where the reference differs', () => {
  it("percentEncoding 'rfc9309' decodes unreserved characters in rules and paths", () => {
    const body = 'User-agent: *\nDisallow: /%62ar\nDisallow: /foo%2Fbar\nDisallow: /%E3%83%84\n';
    const reference = parseRobotsTxt(body);
    const rfc = parseRobotsTxt(body, { percentEncoding: 'rfc9309' });
    expect(reference.isAllowed('https://h/bar', 'x')).toBe(true);
    expect(rfc.isAllowed('https://h/bar', 'x')).toBe(false);
    expect(rfc.isAllowed('https://h/%62ar', 'x')).toBe(false);
    // `/` is reserved: %2F stays encoded on both sides.
    expect(rfc.isAllowed('https://h/foo/bar', 'x')).toBe(true);
    expect(rfc.isAllowed('https://h/foo%2fbar', 'x')).toBe(false);
    // Non-ASCII in the URL is compared in its percent-encoded UTF-8 form.
    expect(reference.isAllowed('https://h/ツ', 'x')).toBe(true);
    expect(rfc.isAllowed('https://h/ツ', 'x')).toBe(false);
  });

  it('productTokenDigits lets a user-agent line name MJ12bot', () => {
    const body = 'User-agent: MJ12bot\nDisallow: /\n';
    expect(parseRobotsTxt(body).isAllowed('https://h/', 'MJ12bot')).toBe(true);
    expect(parseRobotsTxt(body).isAllowed('https://h/', 'MJ')).toBe(false);
    const rfc = parseRobotsTxt(body, { productTokenDigits: true });
    expect(rfc.isAllowed('https://h/', 'MJ12bot')).toBe(false);
    expect(rfc.isAllowed('https://h/', 'MJ')).toBe(true);
  });
});

describe('outcome policies', () => {
  it('allowAll and disallowAll fix the verdict and explain it', () => {
    expect(allowAll('404').isAllowed('https://h/x', 'a')).toBe(true);
    expect(disallowAll('503').explain('https://h/x?q', ['a'])).toMatchObject({
      allowed: false,
      line: 0,
      selection: 'outcome',
      reason: '503',
      path: '/x?q',
    });
  });
});

describe('getPathParamsQuery', () => {
  it.each([
    ['http://h', '/'],
    ['http://h?q=1', '/?q=1'],
    ['http://h;p', '/;p'],
    ['http://h#/x', '/'],
    ['h/x', '/x'],
    ['//h/x', '/x'],
    ['http:/h/x', '/h/x'],
    ['a?b://c/x', '/?b://c/x'],
    ['https://u:p@h:81/a/b;c?d=e#f', '/a/b;c?d=e'],
    ['', '/'],
  ])('%j → %j', (url, path) => expect(getPathParamsQuery(url)).toBe(path));

  it('reads each URL alone, whatever URL came before (the scheme and host are reused)', () => {
    const pairs: [string, string, string][] = [
      ['http:/x', 'http://user:pw@h:81/secret', '/secret'],
      ['http://h', 'http://h/a', '/a'],
      ['http://h/a', 'http://h', '/'],
      ['http://h/a', 'http://h#/a', '/'],
      ['http://h/a', 'http://hx/a', '/a'],
      ['http://h/a', 'http://h?q', '/?q'],
      ['http://a:/x', 'http://a://b', '//b'],
      ['//h/x', '//h/y', '/y'],
      ['http://h?q', 'http://h/a', '/a'],
      ['http://h;p', 'http://h;q', '/;q'],
      ['http://h/a', 'http://h/', '/'],
      ['http://h/a', 'http://h//x', '//x'],
      ['http://h/a', 'http://h/?q#f', '/?q'],
      ['http://h/a', 'http://h/%E9/\u00e9', '/%E9/\u00e9'],
      ['http://h/a', 'https://h/a', '/a'],
      ['http://h/a', 'http://h.example/a', '/a'],
      ['http://h:81/a', 'http://h:81/b', '/b'],
      ['http://h:81/a', 'http://h:8/b', '/b'],
      ['http://u@h/a', 'http://u@h/b?c', '/b?c'],
      ['http://h/a', 'x/http://h/a', '/http://h/a'],
    ];
    for (const [before, url, path] of pairs) {
      getPathParamsQuery(before);
      expect(getPathParamsQuery(url)).toBe(path);
      parseRobotsTxt('User-agent: *\nDisallow: /\n').isAllowed(before, 'a');
      expect(parseRobotsTxt('User-agent: *\nDisallow: /secret\n').matchingLine(url, 'a')).toBe(
        path === '/secret' ? 2 : 0,
      );
    }
  });
});

describe('pathForMatching', () => {
  it("is the reference's path of each URL, whatever URL came before", () => {
    const head = fc.constantFrom(
      'https://h',
      'https://h',
      'http://h',
      'https://hx',
      'https://h:81',
      'https://u:p@h',
      '//h',
      'h',
      'x:',
      '',
    );
    const rest = fc.array(
      fc.constantFrom('/', 'a', '?', ';', '#', '\0', ':', '//', '\u00e9', '%41'),
      {
        maxLength: 6,
      },
    );
    const url = fc.tuple(head, rest).map(([h, r]) => h + r.join(''));
    fc.assert(
      fc.property(fc.array(url, { minLength: 2, maxLength: 6 }), (urls) => {
        for (const u of urls) expect(pathForMatching(u, false)).toBe(referencePath(u));
      }),
    );
  });

  // Its definition: the path up to the fragment or a NUL, escaped in RFC 9309 mode.
  const expected = (url: string, rfc9309: boolean): string => {
    const path = getPathParamsQuery(url).split('\0')[0]!;
    return rfc9309 ? escapedPattern(path, true, true) : path;
  };
  const piece = fc.constantFrom(
    'a',
    '/',
    '?',
    ';',
    '#',
    '%',
    '%7e',
    '%2F',
    '\0',
    '\u00e9',
    '\u20ac',
    ':',
    '//',
  );

  it('is the path cut at the fragment or a NUL, escaped in RFC 9309 mode', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, rfc9309) => {
        for (const head of ['https://h', 'https://h/x', '']) {
          const url = head + pieces.join('');
          expect(pathForMatching(url, rfc9309)).toBe(expected(url, rfc9309));
        }
      }),
    );
  });
});

describe('escapePattern', () => {
  it.each([
    ['/a%2fb', '/a%2Fb'],
    ['/%zz%', '/%zz%'],
    // A byte string: each character is one byte.
    ['/caf\u00e9', '/caf%E9'],
    ['/caf\u00c3\u00a9', '/caf%C3%A9'],
    // Characters that are not bytes are encoded as UTF-8.
    ['/\u20ac/\u00e9', '/%E2%82%AC/%E9'],
    ['/\u{1f600}x', '/%F0%9F%98%80x'],
    ['/\ud800', '/%EF%BF%BD'],
  ])('%j → %j', (value, escaped) => expect(escapePattern(value)).toBe(escaped));
});

describe('agents named by many groups', () => {
  it('finds each product token in any case, with few tokens and with many', () => {
    for (const count of [3, 8, 9, 20]) {
      let body = '';
      // Each token named twice (the second time in another case), by groups i and count + i.
      for (let i = 0; i < count; i++)
        body += `User-agent: Bot${'x'.repeat(i)}\nDisallow: /a${i}\n\n`;
      for (let i = 0; i < count; i++)
        body += `user-agent: BOT${'X'.repeat(i)}\nDisallow: /b${i}\n\n`;
      body += 'User-agent: *\nDisallow: /\n';
      const robots = parseRobotsTxt(body);
      for (let i = 0; i < count; i++) {
        const agent = `bOt${'x'.repeat(i)}`;
        expect(robots.matchingLine(`https://e.com/a${i}`, agent)).toBe(3 * i + 2);
        expect(robots.matchingLine(`https://e.com/b${i}`, agent)).toBe(3 * (count + i) + 2);
        expect(robots.isAllowed(`https://e.com/a${i + 1}`, agent)).toBe(true);
      }
      expect(robots.isAllowed('https://e.com/a0', 'Bot_')).toBe(false);
      expect(robots.matchingLine('https://e.com/a0', 'Bot_')).toBe(6 * count + 2);
      expect(robots.isAllowed('https://e.com/a0', ['nobody', 'BOT'])).toBe(false);
    }
  });
});
