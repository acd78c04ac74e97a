import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, type RobotsTxt } from '../src/index.js';
import { withMatcherSettings } from './helpers/matcher-settings.js';
import { referenceCheck } from './helpers/reference-port.js';

// The 6,571 real robots.txt bodies of ../shared/corpus (HTML pages, BOMs, UTF-16, binaries,
// 850 KB giants) with real URLs of the same sites: every file parses, every check answers, and
// the indexed matcher agrees with the naive port of the reference. The corpus is too large to
// vendor; where ../shared is absent these tests are reported as skipped, never as passed.
const corpus = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));
const present = existsSync(`${corpus}files`);
const encoder = new TextEncoder();

function urlsByFile(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const row of readFileSync(`${corpus}provenance-all.tsv`, 'utf8').split('\n').slice(1)) {
    const [file, , repo, , path] = row.split('\t');
    if (
      repo !== 'anubhavp28/robotstxt-parser-benchmark' ||
      !file ||
      !path?.startsWith('robotfiles/')
    )
      continue;
    const list = `${corpus}urls/${path.slice('robotfiles/'.length)}.txt`;
    if (!existsSync(list)) continue;
    const urls = readFileSync(list, 'utf8').split('\n').filter(Boolean);
    byFile.set(file, [...(byFile.get(file) ?? []), ...urls]);
  }
  return byFile;
}

const GENERIC = [
  'https://example.com/',
  'https://example.com/search?q=x',
  'https://example.com/wp-admin/',
  '/',
];
const AGENTS = ['Googlebot', 'ExampleBot', 'GPTBot'];

/**
 * Every corpus file in name order, parsed whole (the reference has no size limit), with a few
 * URLs of its site and two generic ones (keeping the naive port's cost bounded on the giants),
 * and the agent to check them as: the agents take turns by URL checked.
 */
function* corpusFiles(): Generator<{
  file: string;
  bytes: Uint8Array;
  robots: RobotsTxt;
  sample: string[];
  agent: string;
}> {
  const urls = urlsByFile();
  let checked = 0;
  for (const file of readdirSync(`${corpus}files`).sort()) {
    const bytes = new Uint8Array(readFileSync(`${corpus}files/${file}`));
    const robots = parseRobotsTxt(bytes, { maxBytes: Number.POSITIVE_INFINITY });
    const siteUrls = urls.get(file) ?? [];
    const sample = [
      ...siteUrls.filter((_, i) => i % Math.ceil(siteUrls.length / 10 || 1) === 0),
      ...GENERIC.slice(0, 2),
    ];
    yield { file, bytes, robots, sample, agent: AGENTS[checked % AGENTS.length]! };
    checked += sample.length;
  }
}

interface Answer {
  readonly allowed: boolean;
  readonly line: number;
}

/** What `robots` answers for `url` and `agent`: the verdict and the deciding line. */
function answerOf(robots: RobotsTxt, url: string, agent: string): Answer {
  return { allowed: robots.isAllowed(url, agent), line: robots.matchingLine(url, agent) };
}

/**
 * Fails, naming the file, URL and agent, when two answers differ (an assertion only then: the
 * suites make tens of thousands of checks).
 */
function expectSameAnswer(
  where: { file: string; url: string; agent: string },
  actual: Answer,
  expected: Answer,
): void {
  if (actual.allowed !== expected.allowed || actual.line !== expected.line) {
    expect({ ...where, ...actual }).toEqual({ ...where, ...expected });
  }
}

describe.runIf(present)('real-world corpus', () => {
  it('parses every file and agrees with the reference port on real URLs', () => {
    expect(readdirSync(`${corpus}files`).length).toBe(6571);
    let checks = 0;
    for (const { file, bytes, robots, sample, agent } of corpusFiles()) {
      for (const url of sample) {
        const expected = referenceCheck(bytes, [agent], encoder.encode(url));
        expectSameAnswer({ file, url, agent }, answerOf(robots, url, agent), expected);
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(20000);
  }, 600_000);

  // Real files have wildcard rules in every shape (nodes of the automaton with dozens of
  // children, prefixes of every length): each check again with every wildcard rule decided by
  // the wildcard program, which the matcher uses when the indexes make a check costly.
  it('answers the same through the wildcard program', () => {
    let checks = 0;
    // Real patterns' pieces of 3 characters or more found by hash, however few (see
    // `pieceFinding`).
    withMatcherSettings({ pieceFinding: { minChars: 0 } }, () => {
      const throughProgram = { ruleIndexing: { alwaysProgram: true } };
      for (const { file, robots, sample, agent } of corpusFiles()) {
        for (const url of sample) {
          const expected = answerOf(robots, url, agent);
          const answer = withMatcherSettings(throughProgram, () => answerOf(robots, url, agent));
          expectSameAnswer({ file, url, agent }, answer, expected);
          checks++;
        }
      }
    });
    expect(checks).toBeGreaterThan(20000);
  }, 600_000);
});
