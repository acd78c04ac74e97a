/**
 * `node bench/compare.js <other-dist>`: parse + first check, then steady checks (every URL,
 * the file parsed and its set compiled), of the shared bench files by robots-parser, another
 * build of robots-rep (its `dist/` directory, e.g. one built from an earlier commit) and this
 * one, sampled in turn in one process: before and after figures of a change, each beside
 * robots-parser. Prints two Markdown tables.
 */

import { resolve } from 'node:path';
import robotsParserModule from 'robots-parser';
import { parseRobotsTxt } from '../dist/index.js';
import { loadBenchFiles } from './inputs.js';
import { formatStats, printTable, statsSideBySide } from './timing.js';

/** @typedef {{ isAllowed(url: string, agent: string): boolean | undefined }} Checkable */
/** @typedef {(body: string | Uint8Array) => Checkable} Parse */
/** @typedef {import('./timing.js').Stats} Stats */

const other = process.argv[2];
if (other === undefined) {
  console.error('usage: node bench/compare.js <dist directory of another build>');
  process.exit(2);
}
/** @type {{ parseRobotsTxt: Parse }} */
const before = await import(resolve(other, 'index.js'));
/** @type {(url: string, body: string) => Checkable} */
const robotsParser = /** @type {any} */ (robotsParserModule);
const shared = resolve(import.meta.dirname, '..', process.env['ROBOTS_REP_SHARED'] ?? '../shared');
const { files, origin, urls } = loadBenchFiles(shared);
const url = /** @type {string} */ (urls[0]);

/**
 * The timed operation of one contender, as fresh code (one shared closure would make the call
 * sites polymorphic across the three libraries).
 * @param {(body: any) => Checkable} parse
 * @param {string | Uint8Array} body
 * @param {string} agent
 * @returns {() => number}
 */
const run = (parse, body, agent) =>
  new Function(
    'parse',
    'body',
    'url',
    'agent',
    'return () => (parse(body).isAllowed(url, agent) ? 1 : 0);',
  )(parse, body, url, agent);

/**
 * @param {Stats} s
 * @param {Stats} parser
 */
const beside = (s, parser) => `${formatStats(s)}, ${(parser.median / s.median).toFixed(1)}×`;
/** @param {Uint8Array} b UTF-8 bytes as robots-parser needs them: a string */
const utf8 = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString();

/** @type {string[][]} */
const rows = [];
for (const [name, text] of Object.entries(files)) {
  const bytes = new Uint8Array(Buffer.from(text));
  for (const agent of ['ExampleBot', 'OtherCrawler']) {
    /** @type {[string, string | Uint8Array, (body: any) => Checkable][]} */
    const sources = [
      ['string', text, (body) => robotsParser(`${origin}/robots.txt`, body)],
      ['bytes', bytes, (body) => robotsParser(`${origin}/robots.txt`, utf8(body))],
    ];
    for (const [source, body, parser] of sources) {
      const [rp, was, now] = /** @type {[Stats, Stats, Stats]} */ (
        statsSideBySide(
          [
            run(parser, body, agent),
            run(before.parseRobotsTxt, body, agent),
            run(parseRobotsTxt, body, agent),
          ],
          { samples: 15 },
        )
      );
      rows.push([
        `${name}, ${agent}, ${source}`,
        formatStats(rp),
        beside(was, rp),
        beside(now, rp),
      ]);
      console.error(rows.at(-1)?.join(' | '));
    }
  }
}
printTable(['parse + first check', 'robots-parser', 'before', 'after (this build)'], rows);

/**
 * Checks of every URL by a parsed file, as fresh code per contender (see {@link run}).
 * @param {Checkable} robots
 * @param {string} agent
 * @returns {() => number}
 */
const checkAll = (robots, agent) =>
  new Function(
    'robots',
    'urls',
    'agent',
    `return () => {
      let allowed = 0;
      for (let i = 0; i < urls.length; i++) if (robots.isAllowed(urls[i], agent)) allowed++;
      return allowed;
    };`,
  )(robots, urls, agent);

/** @type {string[][]} */
const checkRows = [];
for (const [name, text] of Object.entries(files)) {
  for (const agent of ['ExampleBot', 'OtherCrawler']) {
    const parsed = [
      robotsParser(`${origin}/robots.txt`, text),
      before.parseRobotsTxt(text),
      parseRobotsTxt(text),
    ];
    const checks = parsed.map((robots) => checkAll(robots, agent));
    // Past the first checks (a first check scans, a later one compiles the set).
    for (const check of checks) for (let i = 0; i < 3; i++) check();
    const [rp, was, now] = /** @type {[Stats, Stats, Stats]} */ (
      statsSideBySide(checks, { opsPerRun: urls.length, samples: 11, sampleMs: 40 })
    );
    checkRows.push([`${name}, ${agent}`, formatStats(rp), beside(was, rp), beside(now, rp)]);
    console.error(checkRows.at(-1)?.join(' | '));
  }
}
printTable(['check / URL', 'robots-parser', 'before', 'after (this build)'], checkRows);
