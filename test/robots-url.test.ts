import { describe, expect, it } from 'vitest';
import { isRobotsTxtError, RobotsTxtError } from '../src/errors.js';
import { robotsTxtLocation, robotsTxtUrl } from '../src/robots-url.js';

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

  it('throws a TypeError for a value of the wrong type', () => {
    expect(() => robotsTxtUrl(42 as unknown as string)).toThrow(TypeError);
  });

  it('isRobotsTxtError recognises errors from another copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { name: 'RobotsTxtError', code: 'ERR_NO_HOST' });
    expect(isRobotsTxtError(foreign)).toBe(true);
    expect(isRobotsTxtError(new Error('x'))).toBe(false);
  });
});
