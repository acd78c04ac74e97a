import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRobotsTxtError, RobotsTxtError } from '../../src/errors.js';
import { createLocator, locatorSettings } from '../../src/fetch/locator.js';
import {
  type RobotsTxtLocation,
  robotsTxtLocation,
  robotsTxtUrl,
} from '../../src/fetch/robots-url.js';
import { pick } from '../helpers/arbitraries.js';

describe('robotsTxtUrl (RFC 9309 §2.3)', () => {
  it.each([
    ['http://example.com', 'http://example.com/robots.txt'],
    ['http://example.com/a/b.html?q=1#f', 'http://example.com/robots.txt'],
    ['https://user:secret@example.com/x', 'https://example.com/robots.txt'],
    ['HTTPS://EXAMPLE.COM/X', 'https://example.com/robots.txt'],
    ['http://example.com:80/x', 'http://example.com/robots.txt'],
    ['https://example.com:443/x', 'https://example.com/robots.txt'],
    ['ftp://example.com:21/pub/file', 'ftp://example.com/robots.txt'],
    ['http://example.com:443/x', 'http://example.com:443/robots.txt'],
    ['https://example.com:8443/x', 'https://example.com:8443/robots.txt'],
    ['https://bücher.example/x', 'https://xn--bcher-kva.example/robots.txt'],
    ['https://例え.テスト/パス', 'https://xn--r8jz45g.xn--zckzah/robots.txt'],
    ['http://[::1]:8080/x', 'http://[::1]:8080/robots.txt'],
    ['http://127.0.0.1/x', 'http://127.0.0.1/robots.txt'],
  ])('%s → %s', (input, expected) => {
    expect(robotsTxtUrl(input)).toBe(expected);
    expect(robotsTxtUrl(new URL(input))).toBe(expected);
  });

  it('gives the origin the rules are kept under', () => {
    expect(robotsTxtLocation('https://Example.com:443/a?b')).toEqual({
      origin: 'https://example.com',
      url: 'https://example.com/robots.txt',
    });
  });

  it.each([
    ['mailto:someone@example.com', 'ERR_UNSUPPORTED_SCHEME'],
    ['file:///etc/passwd', 'ERR_UNSUPPORTED_SCHEME'],
    ['data:text/plain,hi', 'ERR_UNSUPPORTED_SCHEME'],
    ['ws://example.com/', 'ERR_UNSUPPORTED_SCHEME'],
    ['/relative/path', 'ERR_INVALID_URL'],
    ['http://', 'ERR_INVALID_URL'],
    ['', 'ERR_INVALID_URL'],
  ])('%s → %s', (input, code) => {
    let caught: unknown;
    try {
      robotsTxtUrl(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RobotsTxtError);
    expect(isRobotsTxtError(caught)).toBe(true);
    expect(caught).toMatchObject({ name: 'RobotsTxtError', code, input });
  });

  it('throws a TypeError for a value of the wrong type, naming the function given it', () => {
    expect(() => robotsTxtUrl(42 as unknown as string)).toThrow(TypeError);
    expect(() => robotsTxtUrl(42 as unknown as string)).toThrow(/^robotsTxtUrl: /);
    expect(() => robotsTxtLocation(42 as unknown as string)).toThrow(/^robotsTxtLocation: /);
  });

  it('isRobotsTxtError recognises errors from another copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { name: 'RobotsTxtError', code: 'ERR_NO_HOST' });
    expect(isRobotsTxtError(foreign)).toBe(true);
    expect(isRobotsTxtError(new Error('x'))).toBe(false);
  });
});

describe('createLocator: the last location, reused for the same plain origin', () => {
  /** What `robotsTxtLocation` gives, or the error code it throws. */
  const locationOrError = (locate: (url: string) => RobotsTxtLocation, url: string) => {
    try {
      // The locator's answer is a record with more in it: its location is what is compared.
      const { origin, url: robotsUrl } = locate(url);
      return { origin, url: robotsUrl };
    } catch (error) {
      return (error as RobotsTxtError).code;
    }
  };
  const base = 'https://www.example.com';
  // URLs that begin like `base` but whose origin the parser reads differently, or not at all.
  const lookalikes = [
    `${base}/a`,
    `${base}?q`,
    `${base}#f`,
    base,
    `${base}:443/x`,
    `${base}:8443/x`,
    `${base}:99999/x`,
    `${base}.evil/x`,
    `${base}\\evil/x`,
    `${base}\t/x`,
    `${base} /x`,
    `${base}@evil.example/x`,
    `${base}%2e/x`,
    'https://WWW.EXAMPLE.COM/x',
    'http://www.example.com/x',
    'HTTPS://www.example.com/x',
    ' https://www.example.com/x',
    'https://user@www.example.com/x',
    'https://[::1]/x',
    'https:///x',
    'ftp://www.example.com/x',
    'not a url',
  ];

  it('answers as robotsTxtLocation for any order of look-alike URLs', () => {
    fc.assert(
      fc.property(fc.array(pick(lookalikes), { maxLength: 12 }), (urls) => {
        const { locate } = createLocator();
        for (const url of urls) {
          const expected = locationOrError((u) => robotsTxtLocation(u), url);
          expect(locationOrError((u) => locate(u, 'test'), url)).toEqual(expected);
        }
      }),
    );
  });

  it('reuses the location for URLs of the same plain origin', () => {
    const { locate } = createLocator();
    const first = locate(`${base}/a`, 'test');
    expect(locate(`${base}/b?c`, 'test')).toBe(first);
    expect(locate(`${base}.evil/x`, 'test')).toMatchObject({
      origin: 'https://www.example.com.evil',
      url: 'https://www.example.com.evil/robots.txt',
      index: 0,
    });
    expect(() => locate(7 as unknown as string, 'isAllowed')).toThrow(/^isAllowed: /);
  });
});

describe('createLocator against robotsTxtLocation over random URLs', () => {
  const locationOrError = (locate: (url: string) => RobotsTxtLocation, url: string) => {
    try {
      // The locator's answer is a record with more in it: its location is what is compared.
      const { origin, url: robotsUrl } = locate(url);
      return { origin, url: robotsUrl };
    } catch (error) {
      return (error as RobotsTxtError).code;
    }
  };
  const label = fc
    // Few characters: hosts that begin like others (`a.b`, `a.bb`) come up often.
    .array(fc.constantFrom('a', 'b', 'B', '0', '-'), { minLength: 1, maxLength: 3 })
    .map((chars) => chars.join(''));
  const host = fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '.', '..'))
        .map(([labels, end]) => labels.join('.') + end),
      weight: 3,
    },
    fc.constantFrom(
      'bücher.example',
      'BÜCHER.example',
      'xn--bcher-kva.example',
      '127.0.0.1',
      '0x7f.1',
      '[::1]',
      '[2001:DB8::1]',
      'ex%41mple.com',
      'a%2eb',
      '',
    ),
  );
  /** Mostly `usual` (plain URLs take the fast path), else one of `others`. */
  const mostly = (usual: string, others: string[]) =>
    fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: pick(others), weight: 1 });
  const url = fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom('http', 'https'), weight: 3 },
        { arbitrary: fc.constantFrom('HTTP', 'Https', 'ftp', 'ws', 'file'), weight: 1 },
      ),
      mostly('://', [':/', ':\\\\', ':///']),
      mostly('', ['user@', 'u:p@', '@']),
      host,
      mostly('', [':', ':80', ':443', ':21', ':8080', ':0080', ':99999', ':x']),
      fc.constantFrom('', '/', '/a/b', '?q', '#f', '\\x', '\t/x', ' /x', '/./x', '/%2e/', '/café'),
      mostly('', [' ', '\t']),
    )
    .map(
      ([scheme, separator, user, name, port, rest, lead]) =>
        `${lead}${scheme}${separator}${user}${name}${port}${rest}`,
    );

  it.each([
    ['every authority its own hash', 0x3fffffff],
    ['authorities sharing four hashes', 3],
    ['every authority the same hash', 0],
  ])('answers as robotsTxtLocation for any sequence (%s)', (_, hashMask) => {
    const saved = locatorSettings.hashMask;
    locatorSettings.hashMask = hashMask;
    try {
      fc.assert(
        fc.property(
          fc.array(url, { maxLength: 40 }),
          fc.integer({ min: 1, max: 8 }),
          (urls, size) => {
            const { locate } = createLocator(size);
            // Each URL twice, the second after others: found again or read again, the same answer.
            for (const one of [...urls, ...urls.reverse()]) {
              const expected = locationOrError((u) => robotsTxtLocation(u), one);
              expect(locationOrError((u) => locate(u, 'test'), one)).toEqual(expected);
            }
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      locatorSettings.hashMask = saved;
    }
  });
});

describe('createLocator through growth, removal and long hosts', () => {
  // Hosts of up to 80 characters (an entry holds 32 of them), many of them alike: enough
  // authorities that the table grows and the oldest are removed (and others moved back).
  const host = fc
    .tuple(
      fc.integer({ min: 0, max: 60 }),
      fc.constantFrom('', 'a'.repeat(30), 'b'.repeat(31), 'c'.repeat(32), 'd'.repeat(70)),
      fc.constantFrom('', ':8080', ':443'),
    )
    .map(([n, long, port]) => `${long}h${n}.example${port}`);
  const url = fc
    .tuple(fc.constantFrom('http', 'https'), host, fc.constantFrom('', '/', '/a', '?q', '#f'))
    .map(([scheme, name, rest]) => `${scheme}://${name}${rest}`);

  it.each([
    ['every authority its own hash', 0x3fffffff],
    ['authorities sharing four hashes', 3],
    ['every authority the same hash', 0],
  ])('answers as robotsTxtLocation, and keeps what is held with it (%s)', (_, hashMask) => {
    const saved = locatorSettings.hashMask;
    locatorSettings.hashMask = hashMask;
    try {
      fc.assert(
        fc.property(
          fc.array(url, { maxLength: 300 }),
          fc.integer({ min: 1, max: 120 }),
          (urls, size) => {
            const locator = createLocator(size);
            const held = new Map<string, number>();
            const made: string[] = [];
            for (const [i, one] of [...urls, ...urls].entries()) {
              const location = locator.locate(one, 'test');
              const expected = robotsTxtLocation(one);
              expect({ origin: location.origin, url: location.url }).toEqual(expected);
              const at = locator.find(one);
              const host = one.indexOf('://') + 3;
              const authority = one.slice(0, host + one.slice(host).search(/[/?#]|$/u));
              // The model: the last `size` authorities made a record of are remembered.
              if (!made.slice(-size).includes(authority)) made.push(authority);
              if (hashMask !== 0) {
                // Unless more hash alike than a look-up reads, every one of them is found.
                for (const kept of made.slice(-size)) {
                  expect(locator.find(`${kept}/x`)).toBeGreaterThanOrEqual(0);
                }
              }
              if (at >= 0) {
                // What was held with a remembered authority is found with it, or nothing yet.
                const slot = locator.heldSlot(at);
                if (slot >= 0) expect(slot).toBe(held.get(authority));
                expect(locator.heldTime(at)).toBe(slot >= 0 ? slot * 1.5 : 0);
                locator.hold(location, i, 7, i * 1.5);
                held.set(authority, i);
              }
            }
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      locatorSettings.hashMask = saved;
    }
  });
});
