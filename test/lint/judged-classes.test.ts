import { describe, expect, it } from 'vitest';
import { applyLintFixes, lintRobotsTxt } from '../../src/index.js';

// The classes of the judged samples' findings (issue #31, docs/lint-precision.md), each from a
// synthetic excerpt written for the test: what lint must say of it, and the fix it offers.

const lint = (body: string) => lintRobotsTxt(body).diagnostics;
const brief = (body: string) => lint(body).map((d) => `${d.line} ${d.severity} ${d.code}`);
const fixed = (body: string) =>
  new TextDecoder().decode(applyLintFixes(body, lintRobotsTxt(body).diagnostics).body);

describe('a fix that would only repeat a rule of the same group', () => {
  it('deletes the line instead, as an info', () => {
    const body =
      'User-agent: *\nDisallow: ~*\nDisallow: /~*\nDisallow: /cgi bin/\nDisallow: /cgi%20bin/\n';
    expect(brief(body)).toEqual(['2 info pattern-never-matches', '4 info unencoded-character']);
    const [tilde, space] = lint(body);
    expect(tilde!.message).toContain('repeat line 3 ("Disallow: /~*")');
    expect(tilde!.fix?.description).toBe('Delete line 2.');
    expect(space!.message).toContain('repeat line 5 ("Disallow: /cgi%20bin/")');
    expect(fixed(body)).toBe('User-agent: *\nDisallow: /~*\nDisallow: /cgi%20bin/\n');
  });

  it('keeps the fix (and the severity) when the rule it writes is not there, or is of another type or group', () => {
    expect(brief('User-agent: *\nDisallow: ~*\nAllow: /~*\n')).toEqual([
      '2 error pattern-never-matches',
    ]);
    expect(brief('User-agent: a\nDisallow: ~*\n\nUser-agent: b\nDisallow: /~*\n')).toEqual([
      '2 error pattern-never-matches',
    ]);
    expect(lint('User-agent: *\nDisallow: ~*\n')[0]!.fix?.description).toBe(
      'Write "Disallow: /~*".',
    );
  });
});

describe('an HTML body', () => {
  it('is one finding, however many lines it has', () => {
    const page = `<!DOCTYPE html>\n<html>\n${Array.from({ length: 300 }, (_, i) => `<p>Disallow: line ${i}</p>\nfoo bar\nCrawl-delay: 5`).join('\n')}\n</html>\n`;
    expect(brief(page)).toEqual(['1 error html-content']);
  });
});
