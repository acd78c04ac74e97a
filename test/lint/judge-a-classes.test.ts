import { describe, expect, it } from 'vitest';
import { applyLintFixes, lintRobotsTxt } from '../../src/index.js';

// The classes of judge A's sample (seed 6459, issue #31), each from a synthetic excerpt written
// for the test: what lint must say of it, and the fix it offers (or why none).

const lint = (body: string | Uint8Array) => lintRobotsTxt(body).diagnostics;
const brief = (body: string | Uint8Array) =>
  lint(body).map((d) => `${d.line} ${d.severity} ${d.code}`);
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const fixedText = (body: string | Uint8Array) =>
  new TextDecoder('latin1').decode(applyLintFixes(body, lintRobotsTxt(body).diagnostics).body);

describe('a host written with a wildcard', () => {
  it('host.tld* is host-in-path, with no "/" fix', () => {
    const body = 'User-agent: *\nDisallow:beta.shop-example.net*\nDisallow: /cart/\n';
    expect(brief(body)).toEqual(['2 warning host-in-path']);
    const [d] = lint(body);
    expect(d!.message).toContain(
      'needs its own robots.txt (https://beta.shop-example.net/robots.txt)',
    );
    expect(d!.fix).toBeUndefined();
  });

  it('name.* is a host beside another line naming a host by a dotted name; alone, a file name', () => {
    const body =
      'User-agent: *\nDisallow: checkout.*\nDisallow: media.shopexample\nDisallow: /x/\n';
    expect(brief(body)[0]).toBe('2 warning host-in-path');
    expect(lint(body)[0]!.fix).toBeUndefined();
    // `page.*` with only paths beside it: a file's name, given its "/".
    const alone = 'User-agent: *\nDisallow: report.*\nDisallow: /x/\n';
    expect(brief(alone)).toEqual(['2 error pattern-never-matches']);
    expect(lint(alone)[0]!.fix?.description).toBe('Write "Disallow: /report.*".');
    // A file name beside it is no host.
    const file = 'User-agent: *\nDisallow: report.*\nDisallow: index.html\n';
    expect(brief(file)[0]).toBe('2 error pattern-never-matches');
  });
});

describe('literal-dollar before a trailing slash', () => {
  it('offers the anchored pattern, verified, and says what to write', () => {
    const body = 'User-agent: *\nDisallow: /*.xls$/\nDisallow: /files/\n';
    const [d] = lint(body);
    expect(d!.code).toBe('literal-dollar');
    expect(d!.message).toContain('write "Disallow: /*.xls$"');
    expect(d!.fix?.description).toBe('Write "Disallow: /*.xls$".');
    expect(fixedText(body)).toBe('User-agent: *\nDisallow: /*.xls$\nDisallow: /files/\n');
  });

  it('offers nothing for a $ before other characters', () => {
    expect(lint('User-agent: *\nDisallow: /a$/b\n')[0]!.fix).toBeUndefined();
  });
});

describe('a template placeholder left in a pattern', () => {
  for (const value of [
    '@PAGE-LINK',
    '%%ROOT%%',
    '[[slug]]',
    '<%= base %>',
    '{lang}/x',
    '$BASE/x',
  ]) {
    it(`"${value}" gets no "/" fix, and the placeholder advice`, () => {
      const [d] = lint(`User-agent: *\nDisallow: ${value}\n`).filter(
        (x) => x.code === 'pattern-never-matches',
      );
      expect(d!.fix).toBeUndefined();
      expect(d!.message).toContain("is a template's placeholder left unfilled");
      expect(d!.message).toContain('Write the path it stands for');
    });
  }
});

describe('Noindex under a narrower Disallow of its group', () => {
  it('says to remove or narrow that Disallow too', () => {
    const body = 'User-agent: *\nDisallow: /optout/\nNoindex: /optout\n';
    const [d] = lint(body);
    expect(d!.code).toBe('unsupported-directive');
    expect(d!.message).toContain('line 2 disallows the pages under this path');
    expect(d!.message).toContain('remove (or narrow) that Disallow too');
  });
});

describe('a latin-1 no-break space (byte 0xA0) before a path', () => {
  const body = latin1('User-agent: *\nDisallow:\xa0/_shield_probe*\n');

  it('is dropped by the fix, never written as U+FFFD; the text escapes U+FFFD', () => {
    const d = lint(body).find((x) => x.code === 'pattern-never-matches')!;
    expect(d.fix?.description).toBe('Write "Disallow: /_shield_probe*".');
    expect(d.message).not.toContain('\ufffd');
    expect(d.message).toContain('\\ufffd');
    expect(fixedText(body)).toBe('User-agent: *\nDisallow:/_shield_probe*\n');
  });

  it('is one warning for the line: invalid-utf8 is folded into the finding that fixes it', () => {
    expect(brief(body)).toEqual(['2 info invalid-utf8', '2 error pattern-never-matches']);
    // Alone on its line, it stays a warning.
    expect(brief(latin1('User-agent: *\nDisallow: /caf\xe9/\n'))).toEqual([
      '2 warning invalid-utf8',
    ]);
  });
});

describe('query-as-path beside first-segment name= paths', () => {
  it('is not reported in a group whose rules put name=value in the first segment', () => {
    expect(
      brief('User-agent: *\nDisallow: /dp/\nDisallow: /item.id=7\nDisallow: /term=\n'),
    ).toEqual([]);
    expect(brief('User-agent: *\nDisallow: /dp/\nDisallow: /term=\n')).toEqual([
      '3 warning query-as-path',
    ]);
  });
});

describe('a repair fix that would newly block resource folders', () => {
  it('is refused by fix verification, which runs the blocked-resources check on the fixed copy', () => {
    const body = 'User-agent: *\nDisallow: /kit/banners/ /kit/css/\n';
    const d = lint(body).find((x) => x.code === 'unencoded-character')!;
    expect(d.fix).toBeUndefined();
    expect(d.message).toContain(
      'No fix offered: it would newly block CSS or JavaScript that Googlebot needs to render pages (/kit/css/',
    );
    // Without a resource folder among the paths, the split is offered.
    const plain = lint('User-agent: *\nDisallow: /kit/banners/ /kit/old/\n')[0]!;
    expect(plain.fix?.description).toBe('Write each pattern on its own "Disallow" line');
  });
});

describe('recall: resources a wildcard rule or TYPO3 core blocks', () => {
  it("Disallow: /typo3/ without an Allow of the core extensions' public files", () => {
    expect(brief('User-agent: *\nDisallow: /typo3/\nDisallow: /fileadmin/_temp_/\n')).toEqual([
      '2 warning blocked-resources',
    ]);
    expect(
      brief('User-agent: *\nDisallow: /typo3/\nAllow: /typo3/sysext/frontend/Resources/Public/\n'),
    ).toEqual([]);
  });

  it('a rule blocking *.js under a folder of the site, whatever the folder is called', () => {
    // Beside a folder of resources the rules name (judge A, 4377's `/css/`, `/build/`): without one, a
    // folder of pages (judge 2B, 3780), an info.
    const [d] = lint(
      'User-agent: Googlebot\nDisallow: /q/*.js\nDisallow: /private/\nDisallow: /css/\n',
    );
    expect(`${d!.line} ${d!.severity} ${d!.code}`).toBe('2 warning blocked-resources');
    expect(d!.message).toContain('/q/app.js');
    // A folder named for tracking: kept back on purpose, an info.
    expect(brief('User-agent: *\nDisallow: /v2/tracking/*.js$\n')).toEqual([
      '2 info blocked-resources',
    ]);
    // Shopify's template keeps its pixel scripts back on purpose.
    expect(
      brief('# we use Shopify as our ecommerce platform\nUser-agent: *\nDisallow: /cdn/wpm/*.js\n'),
    ).toEqual([]);
  });
});
