/** Options several commands share, defined once: fetching, colour and progress. */

import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_TIMEOUT } from '../index.js';
import type { ColorMode } from './context.js';
import type { FetchFlags } from './sources.js';

/** A whole number of milliseconds above zero. */
export function parseTimeout(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new InvalidArgumentError('must be a whole number of milliseconds above 0');
  }
  return ms;
}

/** Collects a repeatable option's values (give no default: the help would print `[]`). */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A whole number above zero, for options such as `--max-line-bytes`. */
export function parsePositiveInteger(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new InvalidArgumentError('must be a whole number above 0');
  }
  return n;
}

/** Adds `--timeout` and `--user-agent`. */
export function addFetchOptions(command: Command): Command {
  return command
    .option(
      '--timeout <ms>',
      `fetch timeout in milliseconds (default ${DEFAULT_TIMEOUT})`,
      parseTimeout,
    )
    .option('--user-agent <header>', 'User-Agent header sent when fetching (name your crawler)');
}

/** Adds `--color` and `--no-progress`. */
export function addOutputOptions(command: Command, progress = false): Command {
  command.addOption(
    new Option(
      '--color <when>',
      'colour the output: auto (a terminal without NO_COLOR), always, never',
    )
      .choices(['auto', 'always', 'never'])
      .default('auto'),
  );
  if (progress)
    command.option('--no-progress', 'no progress line on stderr (it is shown on a terminal only)');
  return command;
}

/** The options of {@link addFetchOptions} and {@link addOutputOptions}, as commander gives them. */
export interface CommonFlags {
  readonly timeout?: number;
  readonly userAgent?: string;
  readonly color: ColorMode;
  readonly progress?: boolean;
}

/** The fetch part of the flags. */
export function fetchFlags(flags: CommonFlags): FetchFlags {
  return {
    ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
    ...(flags.userAgent === undefined ? {} : { userAgent: flags.userAgent }),
  };
}
