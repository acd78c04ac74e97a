import { describe, expect, it } from 'vitest';
import { applyLintFixes, lintRobotsTxt, parseRobotsTxt } from '../../src/index.js';

// Advice classes of judges D and E (seeds 9125, 2621 on e78913c; issue #31), each from a
// synthetic excerpt written for the test: what lint says of it, and the fix it offers.

const lint = (body: string) => lintRobotsTxt(body).diagnostics;
const brief = (body: string) => lint(body).map((d) => `${d.line} ${d.severity} ${d.code}`);
const fixed = (body: string) =>
  new TextDecoder().decode(applyLintFixes(body, lintRobotsTxt(body).diagnostics).body);

describe('a query parameter written without "/*" among many wildcard rules (judge D, 2883)', () => {
  // Ten wildcard rules: the witness search that verifies the fix stops at its bound here.
  const body = [
    'User-agent: *',
    'Disallow: /*-Parts?z=*',
    'Disallow: /*-Parts?*&z=*',
    'Disallow: /*discountFilter=*',
    'Disallow: /*?searchtext=*',
    'Disallow: utm_source=*',
    'Disallow: *Page=*',
    'Disallow: /*?*query=',
    'Disallow: /RepairHelp/*/new/*',
    'Disallow: */data',
    'Disallow: */params',
    '',
  ].join('\n');

  it('is told to write "/*utm_source=", and the fix is offered: it only adds a Disallow it targets', () => {
    const [found] = lint(body).filter((d) => d.code === 'pattern-never-matches');
    expect(found!.message).toContain('"/*utm_source=" matches it anywhere in the URL');
    expect(found!.message).not.toContain('No fix offered');
    expect(found!.fix?.description).toBe('Write "Disallow: /*utm_source=".');
    for (const v of found!.fix!.verdicts) {
      expect([v.before.allowed, v.after.allowed]).toEqual([true, false]);
      expect(v.url).toContain('utm_source=');
    }
    const after = parseRobotsTxt(fixed(body));
    expect(after.isAllowed('/shop/item?utm_source=news', 'bot')).toBe(false);
    expect(after.isAllowed('/utm_source', 'bot')).toBe(true);
  });
});

describe('User-agent lines that hold their own Disallow (lost line breaks; judge D, 4910)', () => {
  const body =
    'User-agent: *\nDisallow: /x\n\nUser-agent: admantx Disallow: /\nUser-agent: AddThis.com Disallow: /\n';

  it("counts the line's own crawler as targeted, and splits every line of the run", () => {
    const found = lint(body).filter((d) => d.code === 'directive-in-value');
    expect(found.map((d) => `${d.line} ${d.fix?.description}`)).toEqual([
      '4 Put each directive on a line of its own.',
      '5 Put each directive on a line of its own.',
    ]);
    const after = parseRobotsTxt(fixed(body));
    expect(after.isAllowed('/a', 'admantx')).toBe(false);
    expect(after.isAllowed('/a', 'AddThis')).toBe(false);
    expect(after.isAllowed('/a', 'OtherBot')).toBe(true);
  });

  it('still refuses to block a crawler whose line above holds no rules of its own', () => {
    const shared =
      'User-agent: *\nDisallow: /x\n\nUser-agent: Googlebot\nUser-agent: admantx Disallow: /\n';
    const [found] = lint(shared).filter((d) => d.code === 'directive-in-value');
    expect(found!.fix).toBeUndefined();
    expect(found!.message).toContain('it would also block / for Googlebot');
    expect(found!.message).not.toContain('for admantx');
  });
});

describe("a crawler's name cut before its bot (judge D, 4279: User-agent: google)", () => {
  it('is one finding, a near miss of the token, an info when the token has the same group', () => {
    const body =
      'User-agent: googlebot\nAllow: /feeds/\n\nUser-agent: google\nAllow: /feeds/\n\nUser-agent: *\nDisallow: /includes/\n';
    const line4 = lint(body).filter((d) => d.line === 4);
    expect(line4.map((d) => `${d.severity} ${d.code}`)).toEqual(['info user-agent-typo']);
    expect(line4[0]!.message).toContain('did you mean Googlebot?');
    expect(line4[0]!.message).toContain('Nothing is lost');
  });

  it('is a warning whose fix names the crawler when its rules reach no one', () => {
    const body = 'User-agent: bing\nDisallow: /private/\n\nUser-agent: *\nDisallow: /includes/\n';
    const [found] = lint(body);
    expect(`${found!.severity} ${found!.code} ${found!.fix?.description}`).toBe(
      'warning user-agent-typo Write "User-agent: Bingbot".',
    );
    expect(parseRobotsTxt(fixed(body)).isAllowed('/private/a', 'bingbot')).toBe(false);
  });
});

describe('an ads landing-page checker let past the * rules (judge E, 5010: adidxbot)', () => {
  it('is an info, in an Allow-only group and in a group without rules', () => {
    expect(
      brief('User-agent: adidxbot\nAllow: /*sid=\n\nUser-agent: *\nDisallow: /search\n'),
    ).toEqual(['1 info user-agent-without-rules']);
    expect(brief('User-agent: *\nDisallow: /search\n\nUser-agent: OAI-AdsBot\n')).toEqual([
      '4 info user-agent-without-rules',
    ]);
    // A crawler that crawls the site stays a warning.
    expect(
      brief('User-agent: bingbot\nAllow: /*sid=\n\nUser-agent: *\nDisallow: /search\n'),
    ).toEqual(['1 warning user-agent-without-rules']);
  });
});

describe("a server's error or maintenance page served as the file (judge F, 4236, 0451)", () => {
  it('says both readings: a 5xx status blocks the whole site, a 200 allows everything', () => {
    const page =
      '<html>\n<head><title>503 Service Unavailable</title></head>\n<body><h1>503 Service Unavailable</h1></body>\n</html>\n';
    const [found] = lint(page);
    expect(found!.code).toBe('html-content');
    expect(found!.message).toContain('"503 Service Unavailable"');
    expect(found!.message).toContain('treat the whole site as disallowed');
    expect(found!.message).toContain('Fix the error');
    // Another page keeps the message of a page served for a missing file.
    const other = lint('<html><head><title>Welcome</title></head><body></body></html>\n');
    expect(other[0]!.message).toContain('a server that answers a missing file with a page?');
    expect(other[0]!.severity).toBe('error');
  });

  it('a "Not Found" page without rules is an info: a 404 and a 200 allow the same (judge T, 3933)', () => {
    for (const title of ['Page Not Found', '404 Error', '403 Forbidden', 'Access Denied']) {
      const [found] = lint(
        `<!doctype html>\n<html><head><title>${title}</title></head>\n<body><p>Sorry.</p></body></html>\n`,
      );
      expect(found!.code).toBe('html-content');
      expect(found!.severity).toBe('info');
      expect(found!.message).toContain(`"${title}"`);
      expect(found!.message).toContain('they may fetch everything');
    }
    // A page Google reads rules out of stays an error: a 200 would apply them.
    const rules = lint(
      '<html><head><title>Not Found</title></head><body>\nUser-agent: *\nDisallow: /\n</body></html>\n',
    );
    expect(rules[0]!.severity).toBe('error');
  });
});

describe('a directive glued to the words of a comment (judge E, 6095)', () => {
  it('is a lost line break, whose fix puts the directive on a line of its own', () => {
    const body =
      '# SitemapSitemap: https://www.example.de/sitemap.xml\nUser-agent: *\nDisallow: /x\n#Disallow: /y\n# Sitemap: https://www.example.de/old.xml\n';
    expect(brief(body)).toEqual(['1 warning directive-in-value']);
    expect(fixed(body)).toBe(
      '# Sitemap\nSitemap: https://www.example.de/sitemap.xml\nUser-agent: *\nDisallow: /x\n#Disallow: /y\n# Sitemap: https://www.example.de/old.xml\n',
    );
    expect(parseRobotsTxt(fixed(body)).sitemaps).toEqual(['https://www.example.de/sitemap.xml']);
  });
});

describe('a finding in a group only retired crawlers read (judge G, 2664; judge E, 3351)', () => {
  it('is an info that says the crawler no longer crawls, whatever its code', () => {
    const body =
      'User-agent: Googlebot-Mobile\nAllow: .css\nDisallow: /\n\nUser-agent: *\nAllow: .css\nDisallow: /css/\n';
    expect(brief(body)).toEqual([
      '2 info pattern-never-matches',
      '6 error pattern-never-matches',
      '7 warning blocked-resources',
    ]);
    expect(lint(body)[0]!.message).toMatch(/^Googlebot-Mobile \(.*\) no longer crawls/);
  });

  it("knows Sputnik's crawler as retired", () => {
    const body = 'User-agent: SputnikBot\nDisallow: x\n\nUser-agent: *\nDisallow: /a\n';
    expect(brief(body)).toEqual(['2 info pattern-never-matches']);
    expect(lint(body)[0]!.message).toContain('SputnikBot (');
  });
});

describe('a Sitemap URL whose "://" is mistyped (judge G, 5624)', () => {
  it('is told the URL it means, with a fix, not a path on an example host', () => {
    const body = 'User-agent: *\nDisallow: /x\nSitemap: https:/*www.example.com/a/sitemap.xml\n';
    const [found] = lint(body);
    expect(found!.message).not.toContain('example.com/https');
    expect(found!.fix?.description).toBe('Write "Sitemap: https://www.example.com/a/sitemap.xml".');
    expect(parseRobotsTxt(fixed(body)).sitemaps).toEqual(['https://www.example.com/a/sitemap.xml']);
  });
});

describe('a format placeholder left in a rule (judge G, 5906: Disallow: /{*})', () => {
  it('says so, and offers no percent-encoded fix', () => {
    const [found] = lint('User-agent: ExampleBot\nDisallow: /{*}\n');
    expect(found!.code).toBe('unencoded-character');
    expect(found!.message).toContain('"{*}", a template\'s placeholder left unfilled');
    expect(found!.fix).toBeUndefined();
    // A named template expression may be text a crawler found in a link: encoded, as before.
    const [named] = lint('User-agent: *\nDisallow: /{{product.url}}\n');
    expect(named!.fix?.description).toBe('Write "/%7B%7Bproduct.url%7D%7D"');
  });
});

describe('a file cut by the limit inside a line (judge E, 0160)', () => {
  it('says which line is cut, that the parser drops it, and what a crawler reading up to the limit applies', () => {
    // 100 bytes: the cut falls inside "Disallow: /html/E12243_01/".
    const body = `User-agent: *\n${'Disallow: /abc\n'.repeat(4)}Disallow: /x\nDisallow: /html/E12243_01/\n`;
    const cutAt = 100 - body.indexOf('Disallow: /html/');
    const d = lintRobotsTxt(body, { maxBytes: 100 }).diagnostics.find(
      (x) => x.code === 'content-past-limit',
    );
    const kept = 'Disallow: /html/E12243_01/'.slice(0, cutAt);
    expect(d!.message).toContain(
      `of "Disallow: /html/E12243_01/" only "${kept}" lies within the limit. This parser drops the cut line; a crawler that reads every byte up to the limit applies "${kept}", a rule that may match more paths than the whole line`,
    );
    // The parser's own reading, which the message states: the cut line is not a rule.
    const robots = parseRobotsTxt(body, { maxBytes: 100 });
    expect(robots.isAllowed('https://example.com/html/E', 'ExampleBot')).toBe(true);
  });
});

describe('an image crawler let past the * rules by an Allow-only group (judge G, 2827)', () => {
  it('is an info: the * rules it escapes are mostly rules about pages', () => {
    expect(
      brief(
        'User-agent: Googlebot-Image\nAllow: /wp-content/uploads/\n\nUser-agent: *\nDisallow: /wp-admin/\n',
      ),
    ).toEqual(['1 info user-agent-without-rules']);
  });
});
