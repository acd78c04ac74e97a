/**
 * A port of CPython 3.11's `urllib.robotparser.RobotFileParser` — `parse(
 * body.splitlines())`, then `can_fetch`, `crawl_delay`, `request_rate`, `site_maps`. Entries end
 * at empty lines; the first entry whose agent is a substring of the caller's name applies (the
 * `*` entry last); the first matching rule line decides; paths are unquoted then quoted before a
 * plain prefix comparison.
 */

import {
  PythonError,
  quote,
  splitlines,
  strip,
  unquote,
  urlparse,
  urlunparse,
} from './python-text.js';

/** A rule line of an entry. */
export interface PythonRule {
  /** The path as compared (unquoted, re-parsed, quoted). */
  readonly path: string;
  readonly allowance: boolean;
  /** 1-based index in `body.splitlines()`. */
  readonly line: number;
  /** The value as written (after comment removal and strip). */
  readonly value: string;
}

/** An entry (group) as Python builds it. */
export interface PythonEntry {
  readonly useragents: string[];
  readonly agentLines: number[];
  readonly rulelines: PythonRule[];
  delay: number | undefined;
  requestRate: { readonly requests: number; readonly seconds: number } | undefined;
}

/** The parsed file, or the exception CPython's `parse` raises on it. */
export interface PythonRobots {
  readonly entries: readonly PythonEntry[];
  readonly defaultEntry: PythonEntry | undefined;
  readonly sitemaps: readonly string[];
  /** CPython raised while parsing (or reading) the body: no verdict can be had from it. */
  readonly error?: PythonError;
}

function newEntry(): PythonEntry {
  return {
    useragents: [],
    agentLines: [],
    rulelines: [],
    delay: undefined,
    requestRate: undefined,
  };
}

/** `text.strip().isdigit()`: decimal digits of any script, or other digit characters (`²`, `①`). */
function isDigit(text: string): boolean {
  return /^[\p{Nd}\p{No}]+$/u.test(strip(text));
}

/** `int(text)`: decimal digits only; a superscript or circled digit makes CPython raise. */
function pythonInt(text: string): number {
  const value = strip(text);
  if (!/^\p{Nd}+$/u.test(value))
    throw new PythonError('ValueError', `invalid literal for int() with base 10: '${value}'`);
  let number = 0;
  for (const char of value) number = number * 10 + digitValue(char.codePointAt(0)!);
  return number;
}

/** The value of a decimal digit: its offset in its run of ten (runs start at their zero). */
export function digitValue(code: number): number {
  let start = code;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

function ruleLine(value: string, allowance: boolean, line: number, raw: string): PythonRule {
  // An empty Disallow means allow all.
  const allow = value === '' && !allowance ? true : allowance;
  return { path: quote(urlunparse(urlparse(value))), allowance: allow, line, value: raw };
}

/** `RobotFileParser.parse(body.splitlines())`. */
export function parsePython(text: string): PythonRobots {
  const entries: PythonEntry[] = [];
  let defaultEntry: PythonEntry | undefined;
  const sitemaps: string[] = [];
  const addEntry = (entry: PythonEntry): void => {
    if (entry.useragents.includes('*')) {
      // The first default entry wins; it is consulted last.
      if (defaultEntry === undefined) defaultEntry = entry;
    } else entries.push(entry);
  };
  let state = 0;
  let entry = newEntry();
  try {
    const lines = splitlines(text);
    for (let index = 0; index < lines.length; index++) {
      let line = lines[index]!;
      if (line === '') {
        if (state === 1) {
          entry = newEntry();
          state = 0;
        } else if (state === 2) {
          addEntry(entry);
          entry = newEntry();
          state = 0;
        }
      }
      const hash = line.indexOf('#');
      if (hash >= 0) line = line.slice(0, hash);
      line = strip(line);
      if (line === '') continue;
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = strip(line.slice(0, colon)).toLowerCase();
      const raw = strip(line.slice(colon + 1));
      const value = unquote(raw);
      const number = index + 1;
      if (key === 'user-agent') {
        if (state === 2) {
          addEntry(entry);
          entry = newEntry();
        }
        entry.useragents.push(value);
        entry.agentLines.push(number);
        state = 1;
      } else if (key === 'disallow' || key === 'allow') {
        if (state !== 0) {
          entry.rulelines.push(ruleLine(value, key === 'allow', number, raw));
          state = 2;
        }
      } else if (key === 'crawl-delay') {
        if (state !== 0) {
          if (isDigit(value)) entry.delay = pythonInt(value);
          state = 2;
        }
      } else if (key === 'request-rate') {
        if (state !== 0) {
          const numbers = value.split('/');
          if (numbers.length === 2 && isDigit(numbers[0]!) && isDigit(numbers[1]!)) {
            entry.requestRate = {
              requests: pythonInt(numbers[0]!),
              seconds: pythonInt(numbers[1]!),
            };
          }
          state = 2;
        }
      } else if (key === 'sitemap') {
        sitemaps.push(value);
      }
    }
    if (state === 2) addEntry(entry);
  } catch (error) {
    if (error instanceof PythonError) return { entries, defaultEntry, sitemaps, error };
    throw error;
  }
  return { entries, defaultEntry, sitemaps };
}

/** `Entry.applies_to(useragent)`: `*`, or an agent that is a substring of the caller's name. */
function appliesTo(entry: PythonEntry, useragent: string): boolean {
  const name = (useragent.split('/')[0] ?? '').toLowerCase();
  return entry.useragents.some((agent) => agent === '*' || name.includes(agent.toLowerCase()));
}

/** Which entry applies to `useragent`, and how it was chosen. */
export function entryFor(
  robots: PythonRobots,
  useragent: string,
): { entry: PythonEntry; global: boolean } | undefined {
  const entry = robots.entries.find((e) => appliesTo(e, useragent));
  if (entry !== undefined) return { entry, global: false };
  const fallback = robots.defaultEntry;
  return fallback === undefined ? undefined : { entry: fallback, global: true };
}

/** The path `can_fetch` compares: the URL unquoted, its path, params, query and fragment, quoted. */
export function pythonPath(url: string): string {
  const parsed = urlparse(unquote(url));
  const path = quote(
    urlunparse({
      scheme: '',
      netloc: '',
      path: parsed.path,
      params: parsed.params,
      query: parsed.query,
      fragment: parsed.fragment,
    }),
  );
  return path === '' ? '/' : path;
}

/** The outcome of `can_fetch`: the verdict, the deciding rule, and the entry consulted. */
export interface PythonVerdict {
  readonly allowed: boolean;
  readonly path: string;
  readonly rule?: PythonRule;
  readonly entry?: { readonly global: boolean; readonly agentLine: number };
  readonly error?: PythonError;
}

/** `RobotFileParser.can_fetch(useragent, url)` after `parse`. */
export function canFetch(robots: PythonRobots, useragent: string, url: string): PythonVerdict {
  if (robots.error !== undefined) return { allowed: false, path: '', error: robots.error };
  let path: string;
  try {
    path = pythonPath(url);
  } catch (error) {
    if (error instanceof PythonError) return { allowed: false, path: '', error };
    throw error;
  }
  const found = entryFor(robots, useragent);
  if (found === undefined) return { allowed: true, path };
  const entry = {
    global: found.global,
    agentLine: found.entry.agentLines[0] ?? 0,
  };
  for (const rule of found.entry.rulelines) {
    if (rule.path === '*' || path.startsWith(rule.path))
      return { allowed: rule.allowance, path, rule, entry };
  }
  return { allowed: true, path, entry };
}
