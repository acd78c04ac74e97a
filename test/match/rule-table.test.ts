import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/index.js';
import { naiveCheck } from '../helpers/naive-check.js';

// A large file's parse records its rules, group starts and agent lines in typed lists past a
// few thousand numbers (`LARGE_LIST` in src/match/rule-table.ts), a small file's in arrays: the
// same answers either way, compact table or wide (a value too long for a compact one). 3,200
// groups of two agent lines and two rules each pass it in every list.

/** A file of `groups` groups, each naming agents of its own and one shared, with two rules. */
function manyGroups(groups: number, longValue: boolean): string {
  let body = '';
  for (let g = 0; g < groups; g++) {
    body += `User-agent: bot${g % 7}\nUser-agent: crawler${g}\n`;
    body += `Disallow: /p${g}/*x\nAllow: /p${g}/a${g % 3 === 0 ? '$' : ''}\n`;
  }
  if (longValue) body += `User-agent: bot1\nDisallow: /${'l'.repeat(9000)}\n`;
  return body;
}

describe('the rule table of a large file', () => {
  it.each([
    [3200, false],
    [3200, true],
    [40, false],
  ])('answers as the definition does (%i groups, a long value: %s)', (groups, longValue) => {
    const robots = parseRobotsTxt(manyGroups(groups, longValue));
    const urls = [
      'https://e.com/p3/yx',
      'https://e.com/p3/a',
      'https://e.com/p1999/a',
      'https://e.com/p12/zzx',
      `https://e.com/${'l'.repeat(9000)}`,
      'https://e.com/other',
    ];
    for (const agent of ['bot1', 'bot3', 'crawler12', 'crawler1999', 'nobody']) {
      for (const url of urls) {
        expect({
          allowed: robots.isAllowed(url, agent),
          line: robots.matchingLine(url, agent),
        }).toEqual(naiveCheck(robots, url, agent));
      }
    }
  });
});
