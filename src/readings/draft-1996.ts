/**
 * The 1996 draft's reading ("A Method for Web Robots Control", M. Koster): records separated by
 * blank lines; the first record whose User-agent value contains the robot's name applies, the `*`
 * record only to robots no record names; Allow/Disallow tried in file order, the first prefix
 * match deciding; no wildcards (`*` and `$` are literal); `%xx` escapes decoded on both sides
 * before comparing octets, except `%2F`, which stays distinct from `/`.
 */

import type { Explanation } from '../types.js';
import { firstMatchRule, groupsAt, keptBytes, type Reading, robotName } from './reading.js';

/** A rule of a record. */
export interface DraftRule {
  readonly allow: boolean;
  /** The value as written. */
  readonly value: string;
  /** The value as compared: octets, escapes decoded except `%2F`. */
  readonly octets: readonly number[];
  /** 1-based line number (LF, CR or CRLF end a line). */
  readonly line: number;
}

/** A record: its User-agent values and rules, in file order. */
export interface DraftRecord {
  readonly agents: { readonly value: string; readonly line: number }[];
  readonly rules: DraftRule[];
  /** An Allow or Disallow line (an empty one included) has been read. */
  sawRule: boolean;
}

/** A file as the draft reads it. */
export interface DraftRobots {
  readonly records: readonly DraftRecord[];
  readonly sitemaps: readonly string[];
}

const encoder = new TextEncoder();

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * A path as octets: `%xx` escapes decoded (`%2F` kept as the three octets `%2F`, so an escaped
 * slash never equals a real one), other characters as their UTF-8 octets.
 */
export function draftOctets(path: string): number[] {
  const bytes = encoder.encode(path);
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (
      b === 0x25 &&
      i + 2 < bytes.length &&
      hexValue(bytes[i + 1]!) >= 0 &&
      hexValue(bytes[i + 2]!) >= 0
    ) {
      const value = hexValue(bytes[i + 1]!) * 16 + hexValue(bytes[i + 2]!);
      if (value === 0x2f) out.push(0x25, 0x32, 0x46);
      else out.push(value);
      i += 2;
    } else out.push(b);
  }
  return out;
}

/** Whether the record path matches the URL path: the URL path starts with it, octet by octet. */
export function draftMatches(recordPath: string, urlPath: string): boolean {
  return startsWith(draftOctets(urlPath), draftOctets(recordPath));
}

function startsWith(path: readonly number[], prefix: readonly number[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** Reads a body (its text) into records. */
export function parseDraft(text: string): DraftRobots {
  const records: DraftRecord[] = [];
  const sitemaps: string[] = [];
  let record: DraftRecord | undefined;
  // Lines end at CR, LF or CR LF; a leading BOM is not part of the first field.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const hash = raw.indexOf('#');
    // A line holding only a comment is discarded completely: it is no record boundary.
    if (hash >= 0 && raw.slice(0, hash).trim() === '') continue;
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (line === '') {
      record = undefined;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      // User-agent lines after rules start a new record, as if a blank line stood between.
      if (record === undefined || record.sawRule) {
        record = { agents: [], rules: [], sawRule: false };
        records.push(record);
      }
      record.agents.push({ value, line: index + 1 });
    } else if (field === 'allow' || field === 'disallow') {
      if (record === undefined) continue;
      record.sawRule = true;
      // An empty value disallows (or allows) nothing: it never decides.
      if (value !== '') {
        record.rules.push({
          allow: field === 'allow',
          value,
          octets: draftOctets(value),
          line: index + 1,
        });
      }
    } else if (field === 'sitemap') {
      sitemaps.push(value);
    }
  }
  return { records, sitemaps };
}

/** The record that applies to a robot named `agent`, and whether it was the `*` record. */
export function draftRecordFor(
  robots: DraftRobots,
  agent: string,
): { record: DraftRecord; index: number; global: boolean } | undefined {
  const name = (agent.split('/')[0] ?? '').trim().toLowerCase();
  if (name !== '' && name !== '*') {
    const index = robots.records.findIndex((r) =>
      r.agents.some((a) => a.value !== '*' && a.value.toLowerCase().includes(name)),
    );
    if (index >= 0) return { record: robots.records[index]!, index, global: false };
  }
  const index = robots.records.findIndex((r) => r.agents.some((a) => a.value === '*'));
  return index < 0 ? undefined : { record: robots.records[index]!, index, global: true };
}

/** The path and query of a URL (or of a path), as the draft compares it. */
export function draftPath(url: string): string {
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(url);
  let rest = scheme === null ? url : url.slice(scheme[0].length);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
}

/** The draft's verdict: the first rule of the applicable record whose path prefixes the URL's. */
export function draftVerdict(
  robots: DraftRobots,
  agent: string,
  url: string,
): {
  allowed: boolean;
  path: string;
  rule?: DraftRule;
  record?: { index: number; global: boolean };
} {
  const path = draftPath(url);
  const found = draftRecordFor(robots, agent);
  if (found === undefined) return { allowed: true, path };
  const octets = draftOctets(path);
  const record = { index: found.index, global: found.global };
  for (const rule of found.record.rules) {
    if (startsWith(octets, rule.octets)) return { allowed: rule.allow, path, rule, record };
  }
  return { allowed: true, path, record };
}

const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The 1996 draft's reading of a body: its text is the UTF-8 decoding of the first `maxBytes`
 * bytes, invalid bytes replaced (the draft says nothing of encodings).
 */
export function draftReading(
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
  groupAt: (line: number) => number,
): Reading {
  const kept = keptBytes(body, maxBytes);
  const robots = parseDraft(typeof kept === 'string' ? kept : lenientUtf8.decode(kept));
  return {
    interpretation: 'draft-1996',
    sitemaps: robots.sitemaps,
    explain: (url, agents) => explainDraft(robots, url, agents, groupAt),
    // The draft has no crawl delay.
    crawlDelay: () => undefined,
    requestRate: () => undefined,
  };
}

function explainDraft(
  robots: DraftRobots,
  url: string,
  agents: readonly string[],
  groupAt: (line: number) => number,
): Explanation {
  const name = robotName(agents);
  const verdict = draftVerdict(robots, name, url);
  const base = { path: verdict.path, agents, interpretation: 'draft-1996' as const };
  const found = verdict.record;
  if (found === undefined) {
    return {
      ...base,
      allowed: true,
      line: 0,
      selection: 'none',
      groups: [],
      reason: `No record names "${name}" and there is no "*" record: the 1996 draft allows ${verdict.path}.`,
    };
  }
  const recordLine = robots.records[found.index]!.agents[0]?.line ?? 0;
  const which = found.global
    ? 'the "*" record (no record names the robot)'
    : `the first record naming "${name.split('/')[0]}" (line ${recordLine})`;
  const selection = found.global ? 'global' : 'specific';
  const groups = groupsAt(groupAt, recordLine);
  if (verdict.rule === undefined) {
    return {
      ...base,
      allowed: true,
      line: 0,
      selection,
      groups,
      reason: `No rule of ${which} is a prefix of ${verdict.path}: allowed under the 1996 draft.`,
    };
  }
  const type = verdict.rule.allow ? 'allow' : 'disallow';
  const rule = firstMatchRule(
    type,
    verdict.rule.line,
    verdict.rule.value,
    verdict.rule.value,
    groups[0] ?? -1,
  );
  return {
    ...base,
    allowed: verdict.allowed,
    line: verdict.rule.line,
    rule,
    ...(verdict.allowed ? { bestAllow: rule } : { bestDisallow: rule }),
    selection,
    groups,
    reason: `${verdict.allowed ? 'Allowed' : 'Disallowed'} by line ${verdict.rule.line} "${verdict.rule.allow ? 'Allow' : 'Disallow'}: ${verdict.rule.value}" of ${which}: the 1996 draft takes the first rule in file order that is a prefix of ${verdict.path} (no wildcards), not the longest.`,
  };
}
