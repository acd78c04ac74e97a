import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, reportRobotsTxt } from '../../src/index.js';
import { type TokenizeHandler, tokenizeText } from '../../src/parse/tokenize.js';
import { referenceReport } from '../helpers/reporting-port.js';

/** Every event of the tokenizer, as text. */
function eventsOf(text: string, utf16: boolean, codes?: Uint8Array): string[] {
  const events: string[] = [];
  const handler: TokenizeHandler = {
    directive: (line, kind, ks, ke, vs, ve) =>
      events.push(`${line} ${kind} ${ks}-${ke} ${vs}-${ve}`),
    line: (line, flags, start, end) => events.push(`${line} flags ${flags} ${start}-${end}`),
  };
  const summary = tokenizeText(text, 500 * 1024, handler, utf16, codes);
  events.push(JSON.stringify(summary));
  return events;
}

/** The character codes of `text` as the tokenizer reads them: code units above 0xFF as 0xFF. */
const fresh = (text: string): Uint8Array =>
  Uint8Array.from({ length: text.length }, (_, i) => Math.min(text.charCodeAt(i), 0xff));

// Bodies whose last line stops inside a key: a reader that looked past the text would see what
// an earlier, longer body left in the shared buffer of character codes.
const SHORT = ['Disallow', 'User-agent', 'Allow', 'Sitemap', 'useragent', 'Disallo', 'User-agen'];
const LONG = `${'Disallow: User-agent: Allow: Sitemap: x '.repeat(20)}\n`;

describe('tokenizer over character codes', () => {
  it('reads a body as its character codes say, whatever an earlier body left past its end', () => {
    for (const short of SHORT) {
      for (const body of [short, `User-agent: *\n${short}`, ` ${short} `, `\ufeff${short}`]) {
        const expected = eventsOf(body, false, fresh(body));
        eventsOf(LONG + LONG, false);
        expect(eventsOf(body, false)).toEqual(expected);
        eventsOf(LONG + LONG, true);
        expect(eventsOf(body, true)).toEqual(eventsOf(body, true, fresh(body)));
      }
    }
  });

  it('reads a UTF-16 character whose low byte is structural as an ordinary character', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /a\u010ab\u0123c\u013a\u0100 # x\n');
    expect(robots.groups[0]?.rules.map((r) => r.value)).toEqual(['/a\u010ab\u0123c\u013a\u0100']);
    expect(robots.lineCount).toBe(3);
  });

  it('reads a usual key read four characters at a time as the reference does, one character off', () => {
    // Each character of each usual key (and its colon) replaced by its other ASCII case, by the
    // character 0x20 below (CR for `-`, NUL for a space), and by its neighbours; the key at the
    // body's end too, where a read of four characters must not pass the text.
    for (const word of ['Disallow', 'Allow', 'User-agent', 'Sitemap']) {
      const key = `${word}:`;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        for (const d of [c ^ 0x20, c - 0x20, c - 1, c + 1]) {
          if (d < 0 || d > 0xff) continue;
          const mutated = key.slice(0, i) + String.fromCharCode(d) + key.slice(i + 1);
          for (const body of [`${mutated} /x\n`, mutated, `User-agent: a\n${mutated}`]) {
            const bytes = Uint8Array.from(body, (ch) => ch.charCodeAt(0));
            expect(reportRobotsTxt(bytes)).toEqual(referenceReport(bytes));
          }
        }
      }
    }
  });
});
