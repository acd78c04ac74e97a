/**
 * AI usage preferences (issue #15): what `usage(robots, url, agent)` costs per URL beside the
 * access check it builds on, on the shared bench files with Content-Usage and Content-Signal
 * lines added as real files carry them (a Cloudflare-managed block; path-scoped rules). robots-
 * parser reads neither line: its check is the reference row.
 */

import robotsParserModule from 'robots-parser';
import { usage } from '../dist/ai-preferences/index.js';
import { parseRobotsTxt } from '../dist/index.js';
import { timePerOp, timeSideBySide } from './timing.js';

/**
 * What both libraries' parsed files answer (robots-parser's types declare an ES default export;
 * the CommonJS module is the function).
 * @type {(url: string, body: string) => { isAllowed(url: string, agent: string): boolean | undefined }}
 */
const robotsParser = /** @type {any} */ (robotsParserModule);

/**
 * One row of the usage table: medians in nanoseconds.
 * @typedef {object} UsageRow
 * @property {string} file
 * @property {number} bytes
 * @property {number} usageLines
 * @property {number} parserCheckNs
 * @property {number} checkNs
 * @property {number} explainNs
 * @property {number} usageNs
 * @property {number} parseNs
 * @property {number} parseFirstUsageNs
 */

const MANAGED = `# BEGIN Cloudflare Managed content
User-agent: *
Content-Signal: search=yes,ai-train=no,use=reference
Allow: /

User-agent: GPTBot
Disallow: /
# END Cloudflare Managed Content

`;

/**
 * The typical file under a Cloudflare-managed block, and the large file with one path-scoped
 * Content-Usage line per Disallow path of its `*` groups (and a path-less one), as a site that
 * states a preference per section would write them.
 * @param {import('./inputs.js').BenchFiles['files']} files
 * @returns {{ name: string, text: string, usageLines: number }[]}
 */
function inputs(files) {
  const paths = [...files.large.matchAll(/^Disallow:\s*(\/\S*)/gim)].map((m) => m[1] ?? '');
  const lines = [
    'Content-Usage: train-ai=n, search=y',
    ...paths.slice(0, 300).map((p, i) => `Content-Usage: ${p} train-ai=${i % 2 ? 'y' : 'n'}`),
  ];
  const large = files.large.replace(/^(User-agent:\s*\*\s*)$/im, `$1\n${lines.join('\n')}`);
  return [
    { name: 'typical + managed block', text: MANAGED + files.typical, usageLines: 1 },
    { name: 'large + Content-Usage', text: large, usageLines: lines.length },
  ];
}

/**
 * Times check, explain and usage per URL, and parse + first usage, per file.
 * @param {import('./inputs.js').BenchFiles} bench
 * @returns {UsageRow[]}
 */
export function benchUsage({ files, origin, urls }) {
  const agent = 'OtherCrawler';
  /** @type {UsageRow[]} */
  const out = [];
  const firstUrl = /** @type {string} */ (urls[0]);
  for (const input of inputs(files)) {
    const rr = parseRobotsTxt(input.text);
    const rp = robotsParser(`${origin}/robots.txt`, input.text);
    let i = 0;
    const next = () => /** @type {string} */ (urls[i++ % urls.length]);
    const [parserCheck, check, explain, use] = /** @type {[number, number, number, number]} */ (
      timeSideBySide(
        [
          () => (rp.isAllowed(next(), agent) ? 1 : 0),
          () => (rr.isAllowed(next(), agent) ? 1 : 0),
          () => rr.explain(next(), agent).line,
          () => usage(rr, next(), agent).rules.length,
        ],
        { samples: 9 },
      )
    );
    const firstUsage = timePerOp(
      () => usage(parseRobotsTxt(input.text), firstUrl, agent).rules.length,
      {
        samples: 9,
      },
    );
    const parseOnly = timePerOp(() => parseRobotsTxt(input.text).size, { samples: 9 });
    out.push({
      file: input.name,
      bytes: input.text.length,
      usageLines: input.usageLines,
      parserCheckNs: parserCheck,
      checkNs: check,
      explainNs: explain,
      usageNs: use,
      parseNs: parseOnly,
      parseFirstUsageNs: firstUsage,
    });
  }
  return out;
}
