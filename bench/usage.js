/**
 * AI usage preferences (issue #15): what `usage(robots, url, agent)` costs per URL beside the
 * access check it builds on, on the shared bench files with Content-Usage and Content-Signal
 * lines added as real files carry them (a Cloudflare-managed block; path-scoped rules). robots-
 * parser reads neither line: its check is the reference row.
 */

import robotsParser from 'robots-parser';
import { usage } from '../dist/ai-preferences/index.js';
import { parseRobotsTxt } from '../dist/index.js';
import { timePerOp, timeSideBySide } from './timing.js';

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
 */
function inputs(files) {
  const paths = [...files.large.matchAll(/^Disallow:\s*(\/\S*)/gim)].map((m) => m[1]);
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

/** Times check, explain and usage per URL, and parse + first usage, per file. */
export function benchUsage({ files, origin, urls }) {
  const agent = 'OtherCrawler';
  const out = [];
  for (const input of inputs(files)) {
    const rr = parseRobotsTxt(input.text);
    const rp = robotsParser(`${origin}/robots.txt`, input.text);
    let i = 0;
    const next = () => urls[i++ % urls.length];
    const [parserCheck, check, explain, use] = timeSideBySide(
      [
        () => (rp.isAllowed(next(), agent) ? 1 : 0),
        () => (rr.isAllowed(next(), agent) ? 1 : 0),
        () => rr.explain(next(), agent).line,
        () => usage(rr, next(), agent).rules.length,
      ],
      { samples: 9 },
    );
    const firstUsage = timePerOp(
      () => usage(parseRobotsTxt(input.text), urls[0], agent).rules.length,
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
