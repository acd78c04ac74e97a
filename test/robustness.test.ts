import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../src/index.js';
import { readBody } from '../src/parse/body.js';
import { referenceCheck } from './helpers/reference-port.js';

// Bad input gets an answer, never an exception or a hang. (Speed is measured by `npm run bench`;
// these tests assert results only.)

function checkAnswers(body: string | Uint8Array, url = 'https://h/a/b?c', agent = 'Bot'): boolean {
  const robots = parseRobotsTxt(body);
  const allowed = robots.isAllowed(url, agent);
  expect(robots.explain(url, agent).allowed).toBe(allowed);
  return allowed;
}

describe('any body, URL or agent gives an answer', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2000 }),
        fc.string(),
        fc.string(),
        (bytes, url, agent) => {
          // The answer is the reference's, whatever the bytes.
          const expected = referenceCheck(bytes, [agent], new TextEncoder().encode(url));
          expect(checkAnswers(bytes, url, agent)).toBe(expected.allowed);
          expect(parseRobotsTxt(bytes).matchingLine(url, agent)).toBe(expected.line);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('random Unicode text, including lone surrogates', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 500 }),
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.oneof(fc.string({ unit: 'binary' }), fc.array(fc.string({ unit: 'binary' }))),
        (body, url, agent) => {
          const robots = parseRobotsTxt(`User-agent: *\n${body}`, { percentEncoding: 'rfc9309' });
          const explanation = robots.explain(url, agent);
          expect(robots.isAllowed(url, agent)).toBe(explanation.allowed);
          expect(parseRobotsTxt(body).explain(url, agent).reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('bytes become exactly one character per byte, whatever their encoding', () => {
    const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          // Valid UTF-8 with long non-ASCII runs (the decode-and-re-encode path).
          fc.string({ unit: 'grapheme', maxLength: 500 }).map((t) => encoder.encode(t)),
          fc
            .tuple(fc.string(), fc.integer({ min: 60, max: 400 }))
            .map(([t, n]) => encoder.encode(`${t}${'é😀'.repeat(n)}${t}`)),
        ),
        (bytes) => {
          expect(readBody(bytes).text).toBe(latin1(bytes));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('UTF-16 bodies are not read as rules (as the reference)', () => {
    const utf16 = new Uint8Array(
      [...'User-agent: *\nDisallow: /\n'].flatMap((c) => [c.charCodeAt(0), 0]),
    );
    expect(checkAnswers(utf16)).toBe(true);
  });

  it('an HTML page served as robots.txt has no rules', () => {
    const html =
      '<!DOCTYPE html>\n<html><head><title>404: Not found</title></head>\n<body>Disallow: /</body></html>\n';
    const robots = parseRobotsTxt(html);
    expect(robots.groups).toEqual([]);
    expect(robots.isAllowed('https://h/x', 'Bot')).toBe(true);
  });

  it('NUL bytes end the usable part of a line', () => {
    expect(checkAnswers('User-agent: *\nDisallow: /a\0bc\n', 'https://h/a')).toBe(false);
    expect(checkAnswers('User-agent: *\nDisallow\0: /a\n', 'https://h/a')).toBe(true);
  });
});

describe('huge inputs', () => {
  it('a 10 MB single line', () => {
    const body = `User-agent: *\nDisallow: /${'a'.repeat(10 * 1024 * 1024)}`;
    const robots = parseRobotsTxt(body, { maxBytes: 20 * 1024 * 1024 });
    expect(robots.lines[1]!.isLineTooLong).toBe(true);
    // The line keeps its first 16,663 bytes: a prefix rule of that length.
    expect(robots.groups[0]!.rules[0]!.pattern.length).toBe(16663 - 'Disallow: '.length);
    expect(robots.isAllowed(`https://h/${'a'.repeat(20000)}`, 'x')).toBe(false);
    expect(parseRobotsTxt(body).truncated).toBe(true);
  });

  it('a million lines', () => {
    const body = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(1_000_000);
    const robots = parseRobotsTxt(body, { maxBytes: Number.POSITIVE_INFINITY });
    expect(robots.lineCount).toBe(1_000_002);
    expect(robots.groups[0]!.rules).toHaveLength(1_000_000);
    expect(robots.explain('https://h/x', 'a')).toMatchObject({ allowed: false, line: 2 });
    expect(robots.isAllowed('https://h/y', 'a')).toBe(true);
  });

  it('wildcard-heavy patterns against 2,000-character paths stay exact', () => {
    const body = 'User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*b\nAllow: /*a*a*a*a*a*a*a*a*a*a$\n';
    const robots = parseRobotsTxt(body);
    expect(robots.isAllowed(`https://h/${'a'.repeat(2000)}`, 'x')).toBe(true);
    expect(robots.isAllowed(`https://h/${'a'.repeat(2000)}b`, 'x')).toBe(false);
    expect(robots.isAllowed(`https://h/${'a'.repeat(2000)}c`, 'x')).toBe(true);
  });

  it('many wildcard rules in one file', () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 5000; i++) lines.push(`Disallow: /*${'x*'.repeat(i % 20)}q${i}$`);
    const robots = parseRobotsTxt(lines.join('\n'));
    expect(robots.isAllowed(`https://h/${'x'.repeat(1990)}q4999`, 'a')).toBe(false);
    expect(robots.explain(`https://h/${'x'.repeat(1990)}q4999`, 'a').line).toBe(5001);
    expect(robots.isAllowed(`https://h/${'x'.repeat(1990)}q5000`, 'a')).toBe(true);
  });

  it('agent sets that overlap quadratically stay bounded and exact', () => {
    // Every token is named in the big first group and in a small group of its own, so each
    // token has a different merged set that contains all 2,000 big rules.
    const tokens = Array.from(
      { length: 300 },
      (_, i) => `bot${String.fromCharCode(97 + (i % 26))}${'x'.repeat(Math.floor(i / 26))}`,
    );
    const lines = tokens.map((t) => `User-agent: ${t}`);
    for (let i = 0; i < 2000; i++) lines.push(`Disallow: /big${i}/`);
    for (const t of tokens) lines.push(`User-agent: ${t}`, `Allow: /own-${t}`);
    const robots = parseRobotsTxt(lines.join('\n'));
    const last = tokens[tokens.length - 1]!;
    expect(robots.isAllowed('https://h/big1999/x', last)).toBe(false);
    expect(robots.explain(`https://h/own-${last}`, last)).toMatchObject({
      allowed: true,
      line: 300 + 2000 + 2 * 300,
    });
    expect(robots.isAllowed('https://h/big5/x', [tokens[0]!, last])).toBe(false);
    expect(robots.isAllowed('https://h/big5/x', 'other')).toBe(true);
    // Every one of the 300 merged sets compiled and checked: each agent's own rule and a big one.
    tokens.forEach((t, i) => {
      expect(robots.matchingLine(`https://h/own-${t}`, t)).toBe(2300 + 2 * i + 2);
      expect(robots.isAllowed(`https://h/big${i}/x`, t)).toBe(false);
    });
  });
});
