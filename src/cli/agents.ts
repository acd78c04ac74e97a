/** The `--agent` values of a command: product tokens, with a warning for a full User-Agent. */

import { extractProductToken, isGlobalAgent, suggestProductToken } from '../index.js';
import { terminalSafe } from '../util/terminal.js';
import type { CliContext } from './context.js';

/**
 * Warns (on stderr) about each agent that is not a product token: Google compares the whole
 * string with each group's token, so `Googlebot/2.1` matches no group and falls to `*`.
 */
export function warnAboutAgents(agents: readonly string[], context: CliContext): void {
  for (const agent of agents) {
    if (isGlobalAgent(agent)) continue;
    if (extractProductToken(agent, true) === agent) continue;
    const token = suggestProductToken(agent);
    const hint = token === '' ? '' : `; did you mean --agent ${token}?`;
    context.stderr.write(
      `robotstxt: warning: "${terminalSafe(agent)}" is not a product token, so no group names it and only "User-agent: *" rules apply${hint}\n`,
    );
  }
}
