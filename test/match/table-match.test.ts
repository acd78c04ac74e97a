import { describe, expect, it } from 'vitest';
import { TableMatch } from '../../src/match/index/table-match.js';
import { readRuleTable, ruleAt, ruleCount, ruleEntry } from '../../src/match/rule-table.js';
import { readBody, resolveOptions } from '../../src/parse/body.js';

// A compact index answers a plain rule that matches with a TableMatch filled from the rule
// table; read whole, it is the entry the rule would have made.

describe('a match answered from the rule table', () => {
  it('reads as the entry of its rule', () => {
    const body = [
      'User-agent: a',
      'Disallow: /private',
      'Allow: /private/ok$',
      'User-agent: b',
      'Allow: /',
      'Disallow: /x/y.html$',
      '',
    ].join('\n');
    const table = readRuleTable(readBody(body), resolveOptions(undefined));
    const rules = table.rules;
    const count = ruleCount(rules);
    expect(count).toBe(4);
    for (let id = 0; id < count; id++) {
      const r = ruleAt(rules, id);
      const entry = ruleEntry(table.body, rules, r, false, false);
      const match = new TableMatch(table.body.text, rules, entry.allow).set(r, entry.anchored);
      expect({ ...entry }).toEqual({
        pattern: match.pattern,
        group: match.group,
        allow: match.allow,
        priority: match.priority,
        line: match.line,
        indexRewrite: match.indexRewrite,
        prefix: match.prefix,
        pieces: match.pieces,
        anchored: match.anchored,
        lead: match.lead,
        leadMask: match.leadMask,
        tailEnd: match.tailEnd,
        need: match.need,
      });
    }
  });
});
