/**
 * Policies that fix the verdict without rules: what a fetch outcome means when there is no
 * usable robots.txt (RFC 9309 §2.3.1.3 and §2.3.1.4).
 */

import { pathForMatching, urlToString } from '../match/path.js';
import { toAgentList } from '../parse/agent.js';
import type { Explanation, RobotsPolicy } from '../types.js';

function outcomePolicy(allowed: boolean, reason: string): RobotsPolicy {
  return {
    sitemaps: [],
    crawlDelay(agent: string | readonly string[]): undefined {
      toAgentList(agent, 'crawlDelay');
      return undefined;
    },
    requestRate(agent: string | readonly string[]): undefined {
      toAgentList(agent, 'requestRate');
      return undefined;
    },
    isAllowed(url: string | URL, agent: string | readonly string[]): boolean {
      urlToString(url, 'isAllowed');
      toAgentList(agent, 'isAllowed');
      return allowed;
    },
    explain(url: string | URL, agent: string | readonly string[]): Explanation {
      return {
        allowed,
        line: 0,
        path: pathForMatching(urlToString(url, 'explain'), false),
        agents: toAgentList(agent, 'explain'),
        selection: 'outcome',
        groups: [],
        reason,
      };
    },
  };
}

/**
 * A policy that allows every URL, e.g. for a robots.txt that is unavailable (4xx).
 * @example
 * allowAll('robots.txt answered 404: no restrictions').isAllowed('https://a.example/x', 'Bot'); // true
 */
export function allowAll(reason: string): RobotsPolicy {
  return outcomePolicy(true, reason);
}

/**
 * A policy that disallows every URL, e.g. for a robots.txt that is unreachable (5xx, network).
 * @example
 * disallowAll('robots.txt answered 503: site unreachable').isAllowed('https://a.example/x', 'Bot'); // false
 */
export function disallowAll(reason: string): RobotsPolicy {
  return outcomePolicy(false, reason);
}
