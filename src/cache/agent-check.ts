/**
 * The agent of a client call: the one given, or the client's default; loudly rejected when it is
 * not a product token, since Google's exact matching would silently apply only the `*` rules.
 */

import { argumentError } from '../errors.js';
import { productTokenProblem, toAgentList } from '../parse/agent.js';

/** An agent argument: one product token or several (a crawler known by more than one name). */
export type AgentQuery = string | readonly string[];

/**
 * Checks `agent` (or, when it is undefined, `fallback`) and returns it.
 * @throws TypeError when there is no agent, or one is not a product token (`*` is accepted: it
 *   selects the global group, as crawlee's default does).
 */
export function checkAgent(
  agent: AgentQuery | undefined,
  fallback: AgentQuery | undefined,
  caller: string,
): AgentQuery {
  const chosen = agent ?? fallback;
  if (chosen === undefined) {
    throw argumentError(
      caller,
      'agent',
      'the product token of your crawler (or set options.agent on the client)',
      agent,
    );
  }
  const agents = toAgentList(chosen, caller);
  if (agents.length === 0) {
    throw argumentError(caller, 'agent', 'at least one product token', chosen);
  }
  for (const one of agents) {
    const problem = productTokenProblem(one);
    if (problem !== undefined) throw new TypeError(`${caller}: agent ${problem}`);
  }
  return chosen;
}
