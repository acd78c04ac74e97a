/**
 * Lint family `groups`: how lines form groups and which crawlers they name — rules before any
 * User-agent line, user-agent values Google reads differently from how they are written, groups
 * without rules.
 */

import { ruleKey } from '../../explain.js';
import type { AgentLine } from '../../types.js';
import { isSpace } from '../../util/bytes.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';

export const groups: LintFamily = {
  name: 'groups',
  codes: {
    'rule-outside-group': {
      severity: 'error',
      summary: 'An Allow or Disallow line before any User-agent line is ignored.',
    },
    'empty-user-agent': {
      severity: 'error',
      summary: 'A User-agent line without a value names no crawler.',
    },
    'user-agent-no-token': {
      severity: 'error',
      summary: 'A User-agent value with no product token names no crawler.',
    },
    'user-agent-truncated': {
      severity: 'warning',
      summary: 'Google reads a shorter product token than written (`MJ12bot` → `MJ`).',
    },
    'user-agent-version': {
      severity: 'info',
      summary:
        'Only the product token of a User-agent value counts (`Googlebot/2.1` → `Googlebot`).',
    },
    'user-agent-without-rules': {
      severity: 'warning',
      summary: 'A group without rules: its crawlers may crawl everything and skip the `*` rules.',
    },
  },
  check: checkGroups,
};

function checkGroups(context: LintContext): LintChecks {
  return {
    end() {
      const { robots, directives } = context;
      for (const rule of robots.rulesOutsideGroups) {
        const d = directives[rule.line];
        context.report({
          code: 'rule-outside-group',
          line: rule.line,
          message: `"${ruleKey(rule.type)}" comes before any User-agent line, so no crawler applies it (RFC 9309 §2.1). Add a "User-agent: *" line above it.`,
          from: d?.keyStart,
          to: d?.valueEnd,
        });
      }
      for (const group of robots.groups) {
        for (const agent of group.agents) agentLine(context, agent);
      }
      withoutRules(context);
    },
  };
}

function agentLine(context: LintContext, agent: AgentLine): void {
  const d = context.directives[agent.line];
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (agent.value === '') {
    context.report({
      code: 'empty-user-agent',
      line: agent.line,
      message: 'The User-agent line has no value, so it names no crawler.',
      from: d?.keyStart,
      to: d?.keyEnd,
    });
    return;
  }
  if (agent.global) return;
  if (agent.token === '') {
    const message = agent.value.startsWith('*')
      ? `"${agent.value}" names no crawler: it is not the global agent (only "*" alone, or "*" followed by a space, is) and it has no product token.`
      : `"${agent.value}" names no crawler: it has no product token (a run of letters, "-" and "_" at the start of the value).`;
    context.report({ code: 'user-agent-no-token', line: agent.line, message, from, to });
    return;
  }
  if (agent.token === agent.value) return;
  const rest = agent.value.slice(agent.token.length);
  const next = rest.charCodeAt(0);
  if (next === 0x2f || isSpace(next)) {
    context.report({
      code: 'user-agent-version',
      line: agent.line,
      message: `Only the product token "${agent.token}" counts; "${rest.trim()}" is ignored. Crawlers match their product token, so this is fine.`,
      from,
      to,
    });
    return;
  }
  const list = next === 0x2c ? ' Put each crawler on its own User-agent line.' : '';
  context.report({
    code: 'user-agent-truncated',
    line: agent.line,
    message: `Google’s parser reads this as "${agent.token}": a product token stops at "${rest[0]}", the first character that is not a letter, "-" or "_". The group applies to a crawler querying "${agent.token}", not "${agent.value}".${list}`,
    from,
    to,
  });
}

function withoutRules(context: LintContext): void {
  const { robots, directives } = context;
  const last = robots.groups[robots.groups.length - 1];
  if (last === undefined || last.rules.length > 0) return;
  const named = last.agents.filter((a) => !a.global && a.token !== '');
  const first = named[0];
  if (first === undefined) return;
  const d = directives[first.line];
  const tokens = named.map((a) => a.token).join(', ');
  context.report({
    code: 'user-agent-without-rules',
    line: first.line,
    message: `No Allow or Disallow line follows: ${tokens} may crawl everything, and the "User-agent: *" rules no longer apply to ${named.length === 1 ? 'it' : 'them'} (a line naming a crawler hides the * group). Add "Disallow:" to say so explicitly, or rules.`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}
