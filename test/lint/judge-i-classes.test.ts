import { describe, expect, it } from 'vitest';
import { applyLintFixes, crawlers, lintRobotsTxt } from '../../src/index.js';
import { PRODUCT_NAMES } from '../../src/readings/catalog/product-names.js';
import { retiredCrawler } from '../../src/readings/crawler-model.js';

// The classes judges H and I found on 914dd4e (issue #31, docs/lint-precision.md), each from a
// synthetic excerpt written for the test: what lint must say of it, and the fix it offers.

const lint = (body: string) => lintRobotsTxt(body).diagnostics;
const brief = (body: string) => lint(body).map((d) => `${d.line} ${d.severity} ${d.code}`);
const fixed = (body: string) =>
  new TextDecoder().decode(applyLintFixes(body, lintRobotsTxt(body).diagnostics).body);

describe('"*" followed only by punctuation (judge I, 4025)', () => {
  it('gets the verified fix "User-agent: *", as "*" + a no-break space does', () => {
    for (const value of ['*;', '*,', '*.', '*\u00a0']) {
      const body = `User-agent: ${value}\nDisallow: /private/\n`;
      expect(brief(body)).toEqual(['1 error user-agent-no-token']);
      expect(lint(body)[0]!.fix?.description).toBe('Write "User-agent: *".');
      expect(fixed(body)).toBe('User-agent: *\nDisallow: /private/\n');
    }
  });

  it('quotes an invisible character escaped, not as a space', () => {
    const message = lint('User-agent: *\u00a0\nDisallow: /private/\n')[0]!.message;
    expect(message).toContain('"*\\xa0"');
    expect(message).not.toContain('\u00a0');
  });
});

describe('an Allow of a folder under a Disallow of the folder + "*" (judge I, 5892)', () => {
  it('gets the verified fix "Allow: /x/$", which opens the folder itself', () => {
    const body =
      'User-agent: *\nDisallow: /forum/*\nAllow: /forum/\nDisallow: /community*\nAllow: /community\n';
    const found = lint(body).filter((d) => d.code === 'shadowed-rule');
    expect(found.map((d) => [d.line, d.severity, d.fix?.description])).toEqual([
      [3, 'warning', 'Write "Allow: /forum/$".'],
      [5, 'warning', 'Write "Allow: /community$".'],
    ]);
    expect(found[0]!.message).toContain(
      'It allows what was disallowed: /forum/ for other crawlers.',
    );
    expect(found[0]!.fix!.verdicts.map((v) => [v.url, v.after.allowed])).toEqual([
      ['/forum/', true],
    ]);
    expect(fixed(body)).toBe(
      'User-agent: *\nDisallow: /forum/*\nAllow: /forum/$\nDisallow: /community*\nAllow: /community$\n',
    );
  });

  it('has no fix where "$" would not decide the path', () => {
    for (const body of [
      'User-agent: *\nDisallow: /forum/**\nAllow: /forum/\n',
      'User-agent: *\nDisallow: /forum/*\nAllow: /forum/\nDisallow: /*forum/$\n',
      'User-agent: *\nDisallow: /*\nAllow: /\n',
    ]) {
      const shadowed = lint(body).filter((d) => d.code === 'shadowed-rule');
      expect(shadowed.map((d) => [d.line, d.fix])).toEqual([[3, undefined]]);
    }
  });
});

describe('a MediaWiki skins folder (judge I, 0235, 4356, 5096)', () => {
  it('is no CSS or JavaScript folder where the file shows MediaWiki: its pages load them through load.php', () => {
    for (const body of [
      'User-agent: *\nDisallow: /w/skins/\nDisallow: /w/index.php?title=Special:\n',
      'User-agent: *\nDisallow: /wiki/static/\nAllow: /wiki/static/load.php\n',
      'User-agent: Googlebot\nDisallow: /skins/\nDisallow: /thumb.php\nDisallow: /*Special:\n',
    ]) {
      expect(lint(body).filter((d) => d.code === 'blocked-resources')).toEqual([]);
    }
  });

  it("warns when load.php is blocked, with MediaWiki's own URLs and an Allow of load.php", () => {
    const body = 'User-agent: *\nDisallow: /index.php?title=\nDisallow: /*?*\n';
    const [found] = lint(body).filter((d) => d.code === 'blocked-resources');
    expect(found?.line).toBe(3);
    expect(found?.message).toContain('/load.php?lang=en&modules=site.styles&only=styles');
    expect(found?.message).not.toContain('/css/style.css');
    expect(fixed(body)).toBe(`${body}Allow: /load.php\n`);
  });
});

describe('an Allow naming another host (judge I, 3084)', () => {
  it('is an info whose verified fix deletes it, when the group blocks its path nowhere', () => {
    const body =
      'User-agent: *\nDisallow: /admin/\nAllow: http://www.googleadservices.com/pagead/conversion_async.js\n';
    const [found] = lint(body);
    expect(brief(body)).toEqual(['3 info host-in-path']);
    expect(found!.message).toContain('Nothing is lost');
    expect(fixed(body)).toBe('User-agent: *\nDisallow: /admin/\n');
  });

  it('stays a warning when the group blocks the path: on this host the Allow meant to open it', () => {
    const body = 'User-agent: *\nDisallow: /admin/\nAllow: https://example.com/admin/app.js\n';
    expect(brief(body)).toEqual(['3 warning host-in-path']);
    expect(lint(body)[0]!.fix).toBeUndefined();
  });
});

describe('a missing colon after a key no crawler acts on (judge I, 4486)', () => {
  it("is an info beside the key's own warning; keys crawlers read keep the warning", () => {
    const body = 'User-agent: *\nNoindex /media/report.pdf\nCrawl-delay 10\nDisallow /y\n';
    expect(brief(body)).toEqual([
      '2 warning unsupported-directive',
      '2 info missing-colon',
      '3 info unsupported-directive',
      '3 warning missing-colon',
      '4 warning missing-colon',
    ]);
    expect(lint(body)[1]!.message).toContain('The colon alone changes nothing');
  });
});

describe("a product's or company's name as a User-agent (judge I, 6388)", () => {
  it("warns that it names no crawler, with the verified fix naming the operator's tokens the file lacks", () => {
    const body = 'User-agent: Chat-GPT\nDisallow: /\n\nUser-agent: ChatGPT-User\nDisallow: /\n';
    const [found] = lint(body).filter((d) => d.code === 'user-agent-typo');
    expect(found?.severity).toBe('warning');
    expect(found?.message).toContain('GPTBot, OAI-SearchBot and ChatGPT-User');
    // Which of OpenAI's crawlers the name meant (training, search, user fetches) is the owner's
    // choice: no fix, the message says to write the ones meant.
    expect(found?.fix).toBeUndefined();
    expect(found?.message).toContain('write the ones meant');
    // One token for the name (Gemini: Google-Extended): fixed to it.
    const gemini = 'User-agent: Gemini\nDisallow: /\n';
    const [one] = lint(gemini).filter((d) => d.code === 'user-agent-typo');
    expect(one?.fix?.description).toBe('Write "User-agent: Google-Extended" in its place.');
    expect(fixed(gemini)).toBe('User-agent: Google-Extended\nDisallow: /\n');
  });

  it('is an info without a fix when the file names every token already, and nothing for "ChatGPT User"', () => {
    const named =
      'User-agent: OpenAI\nUser-agent: GPTBot\nUser-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\nDisallow: /\n';
    const [found] = lint(named).filter((d) => d.code === 'user-agent-typo');
    expect([found?.severity, found?.fix]).toEqual(['info', undefined]);
    const spaced = 'User-agent: ChatGPT User\nDisallow: /\n';
    expect(lint(spaced).filter((d) => d.code === 'user-agent-typo')).toEqual([]);
  });

  it("names only tokens of catalog rows that cite the product name row's page, or retired crawlers", () => {
    for (const row of PRODUCT_NAMES) {
      for (const token of row.tokens) {
        // A retired crawler (Yahoo's Slurp) has no catalog row: the model's row cites its end.
        if (retiredCrawler(token) !== undefined) continue;
        expect(crawlers.find((c) => c.token === token)?.docs, token).toBe(row.docs);
      }
    }
  });
});

describe('a group that opens where its layout publishes CSS and JavaScript (judge H, 1230, 5644)', () => {
  const resources = (body: string) =>
    lint(body)
      .filter((d) => d.code === 'blocked-resources')
      .map((d) => `${d.line} ${d.severity}`);

  it('makes the other folders it blocks infos that name the Allow', () => {
    const typo3 =
      'User-agent: *\nDisallow: /typo3/\nDisallow: /typo3conf/\nAllow: /_assets/\nAllow: /typo3temp/\n';
    expect(resources(typo3)).toEqual(['2 info', '3 info']);
    expect(lint(typo3)[0]!.message).toContain('("Allow: /_assets/", line 4)');
    const advagg =
      'User-agent: *\nDisallow: /misc/\nDisallow: /modules/\nDisallow: /sites/\nAllow: /sites/default/files/advagg_css/*\nAllow: /sites/default/files/advagg_js/*\n';
    expect(resources(advagg)).toEqual(['2 info', '3 info', '4 info']);
  });

  it('not for an Allow of everything, of a type anywhere, or of a folder above it', () => {
    const drupal7 = 'User-agent: *\nDisallow: /misc/\nDisallow: /modules/\n';
    expect(resources(drupal7)).toEqual(['2 warning', '3 warning']);
    for (const allow of ['/', '*.js', '/sites/default/files/']) {
      expect(
        resources(`User-agent: *\nAllow: ${allow}\nDisallow: /misc/\nDisallow: /modules/\n`),
      ).toEqual(['3 warning', '4 warning']);
    }
  });
});

describe("WordPress's cache folder (judge H recall, 3287)", () => {
  it('holds the CSS and JavaScript cache plugins combine: a warning, an info when the group opens one', () => {
    const body = 'User-agent: *\nDisallow: /wp-admin/\nDisallow: /wp-content/cache/\n';
    const [found] = lint(body).filter((d) => d.code === 'blocked-resources');
    expect([found?.line, found?.severity]).toEqual([3, 'warning']);
    expect(found?.message).toContain('/wp-content/cache/autoptimize/css/');
    const opened = `${body}Allow: /wp-content/cache/autoptimize/\n`;
    expect(
      lint(opened)
        .filter((d) => d.code === 'blocked-resources')
        .map((d) => d.severity),
    ).toEqual(['info']);
  });
});

describe('a DNN site (judge H, 2617)', () => {
  it("warns of its skins', modules' and scripts' folders, with DNN's own URLs", () => {
    const body =
      'User-agent: *\nDisallow: /Portals/\nDisallow: /DesktopModules/\nDisallow: /js/\nAllow: /js/tracker.min.js\n';
    const found = lint(body).filter((d) => d.code === 'blocked-resources');
    expect(found.map((d) => `${d.line} ${d.severity}`)).toEqual([
      '2 warning',
      '3 warning',
      '4 warning',
    ]);
    expect(found[2]!.message).toContain('/js/dnncore.js');
  });
});

describe('a host written as the first folder of a path (judges G and I, 4486)', () => {
  it('is reported only when another line names the rest of the path', () => {
    const body =
      'User-agent: *\nDisallow: /m.example.com/modal-redirect\nNoindex: /modal-redirect\nDisallow: /twitter.com/\n';
    const found = lint(body).filter((d) => d.code === 'host-in-path');
    expect(found.map((d) => [d.line, d.severity, d.fix])).toEqual([[2, 'warning', undefined]]);
    expect(found[0]!.message).toContain('write "/modal-redirect"');
  });
});

describe('a fix repeating the rules of several * groups (judge I, 2750)', () => {
  it('writes a rule two of them repeat once', () => {
    const body =
      'User-agent: *\nDisallow: /a/\nDisallow: /b/\n\nUser-agent: *\nDisallow: /a/\nDisallow: /c/\n\nUser-agent: Baiduspider\nAllow: /x/\n';
    const [found] = lint(body).filter((d) => d.code === 'user-agent-without-rules');
    expect(found?.fix?.description).toContain('Repeat the 3 rules');
    expect(fixed(body).endsWith('Allow: /x/\nDisallow: /a/\nDisallow: /b/\nDisallow: /c/\n')).toBe(
      true,
    );
  });
});
