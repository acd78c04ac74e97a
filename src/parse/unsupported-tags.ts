/**
 * The keys Google's reporting module recognises but does not support: a directive line whose whole
 * key, ASCII-lowercased, is one of these is reported as `unused`; every other unrecognised key as
 * `unknown`. Data, so it can follow the reference.
 *
 * Source: `kUnsupportedTags` in google/robotstxt `reporting_robots.cc`, commit
 * 22b355ff855419e6a3ff8ff09c0ad7fdb17116f9 (read 2026-11-24).
 */
export const UNSUPPORTED_TAGS: readonly string[] = [
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
];
