import { describe, expect, it } from 'vitest';
import { parseContentUsageHeader, readStatement } from '../../src/ai-preferences/index.js';

type Prefs = Record<'train-ai' | 'ai-use' | 'search', 'allowed' | 'disallowed' | 'unknown'>;
const ALL_UNKNOWN: Prefs = { 'train-ai': 'unknown', 'ai-use': 'unknown', search: 'unknown' };
const prefs = (partial: Partial<Prefs>): Prefs => ({ ...ALL_UNKNOWN, ...partial });

// draft-ietf-aipref-vocab-08 (14 September 2026): its own examples.
describe('statements of preference, as draft-ietf-aipref-vocab-08 reads them', () => {
  it.each<[string, string, Prefs]>([
    ['§6 example', 'train-ai=y, search=n', prefs({ 'train-ai': 'allowed', search: 'disallowed' })],
    // §6.5.1: the last of duplicate keys applies; a boolean and a string are not tokens.
    ['§6.5.1 duplicates', 'train-ai=y, train-ai, search=n, search="n"', ALL_UNKNOWN],
    // §6.5.2: only the parameters of the selected value apply, and they are ignored.
    ['§6.5.2 parameters', 'train-ai;allow=n, train-ai=y', prefs({ 'train-ai': 'allowed' })],
    // §6.5.1: keys are case-sensitive: an uppercase key fails the whole dictionary.
    ['§6.5.1 uppercase key', 'Train-AI=n, search=y', ALL_UNKNOWN],
    ['§4.2 ai-use', 'ai-use=n', prefs({ 'ai-use': 'disallowed' })],
  ])('%s: %j', (_section, text, expected) => {
    expect(readStatement(text).preferences).toEqual(expected);
  });
});

// RFC 9651 dictionaries (§3.2, §4.2.2), as the structured-headers package parses them: the cases
// that decide whether a statement parses at all. Written from the RFC's algorithms.
describe('RFC 9651 dictionary parsing of a statement', () => {
  it.each<[string, string, boolean, Prefs]>([
    ['empty: an empty dictionary', '', true, ALL_UNKNOWN],
    ['leading spaces are discarded', '   train-ai=n', true, prefs({ 'train-ai': 'disallowed' })],
    ['trailing spaces are discarded', 'train-ai=n   ', true, prefs({ 'train-ai': 'disallowed' })],
    ['a leading tab is not', '\ttrain-ai=n', false, ALL_UNKNOWN],
    [
      'OWS around commas',
      'train-ai=n ,\tsearch=y',
      true,
      prefs({ 'train-ai': 'disallowed', search: 'allowed' }),
    ],
    [
      'no space needed',
      'train-ai=n,search=y',
      true,
      prefs({ 'train-ai': 'disallowed', search: 'allowed' }),
    ],
    ['a trailing comma fails', 'train-ai=n,', false, ALL_UNKNOWN],
    ['an empty member fails', 'train-ai=n,,search=y', false, ALL_UNKNOWN],
    ['a key must start with a-z or *', '1train=n', false, ALL_UNKNOWN],
    ['`yes` is a token, not `y`', 'train-ai=yes', true, ALL_UNKNOWN],
    ['a string is not a token', 'train-ai="n"', true, ALL_UNKNOWN],
    ['a bare key is boolean true', 'train-ai', true, ALL_UNKNOWN],
    ['an inner list is not a token', 'train-ai=(n y)', true, ALL_UNKNOWN],
    ['numbers are not tokens', 'train-ai=0, search=1.5', true, ALL_UNKNOWN],
    ['a byte sequence', 'train-ai=:bg==:, search=y', true, prefs({ search: 'allowed' })],
    ['a date (RFC 9651)', 'search=n, x=@1659578233', true, prefs({ search: 'disallowed' })],
    [
      'a display string (RFC 9651)',
      'x=%"caf%c3%a9", search=n',
      true,
      prefs({ search: 'disallowed' }),
    ],
    ['unknown keys are ignored', 'bots=n, search=y', true, prefs({ search: 'allowed' })],
    ['an unterminated string fails', 'x="abc, search=y', false, ALL_UNKNOWN],
    ['non-ASCII fails', 'x="caf\u00e9", search=y', false, ALL_UNKNOWN],
    ['a control character fails', 'search=y\u0001', false, ALL_UNKNOWN],
    ['garbage after a member fails', 'search=y n', false, ALL_UNKNOWN],
    [
      'parameters on a token',
      'search=y;since=2026, train-ai=n;x',
      true,
      prefs({ search: 'allowed', 'train-ai': 'disallowed' }),
    ],
  ])('%s', (_name, text, parsed, expected) => {
    const statement = readStatement(text);
    expect(statement.parsed).toBe(parsed);
    expect(statement.preferences).toEqual(expected);
    if (!parsed) expect(statement.error).toMatch(/\S/);
  });

  // structured-headers 2.1.0 reads a Date to the end of the input, so a Date member followed by
  // another fails the dictionary (RFC 9651 §4.2.10 stops at the first non-digit). When this test
  // fails, the library was fixed: drop the note in docs/ai-preferences.md.
  it('fails a dictionary with a Date member before another (structured-headers 2.1.0)', () => {
    expect(readStatement('x=@1659578233, search=n').parsed).toBe(false);
  });

  it('lists the members with their types, the last of duplicate keys', () => {
    expect(readStatement('train-ai=yes, a="s", b, c=1, d=(x), train-ai=n').members).toEqual([
      { key: 'train-ai', type: 'token', value: 'n' },
      { key: 'a', type: 'string', value: 's' },
      { key: 'b', type: 'boolean', value: 'true' },
      { key: 'c', type: 'number', value: '1' },
      { key: 'd', type: 'inner-list', value: '(…)' },
    ]);
  });
});

describe('parseContentUsageHeader', () => {
  it('reads the header as the same dictionary', () => {
    expect(parseContentUsageHeader('train-ai=n').preferences).toEqual(
      prefs({ 'train-ai': 'disallowed' }),
    );
  });

  it('combines several field lines with a comma (RFC 9651 §4.2)', () => {
    const statement = parseContentUsageHeader(['train-ai=n', 'search=y']);
    expect(statement.text).toBe('train-ai=n, search=y');
    expect(statement.preferences).toEqual(prefs({ 'train-ai': 'disallowed', search: 'allowed' }));
  });

  it('states nothing when absent', () => {
    for (const absent of [null, undefined, []]) {
      expect(parseContentUsageHeader(absent).preferences).toEqual(ALL_UNKNOWN);
    }
  });

  it('throws a TypeError for a value that is no header', () => {
    expect(() => parseContentUsageHeader(5 as unknown as string)).toThrow(TypeError);
    expect(() => parseContentUsageHeader([1] as unknown as string[])).toThrow(
      /parseContentUsageHeader/,
    );
  });
});
