import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One conformance case: a body, agent(s) and URL with the reference's verdict and line. */
export interface ConformanceCase {
  readonly name: string;
  readonly body: string | Uint8Array;
  readonly useragent: string | readonly string[];
  readonly url: string;
  readonly allowed: boolean;
  readonly matchingLine: number;
}

interface RawCase {
  name: string;
  robotstxt?: string;
  robotstxt_hex?: string;
  useragent: string | string[];
  url?: string;
  url_hex?: string;
  allowed: boolean;
  matching_line: number;
}

/** Path of a file under test/fixtures. */
export function fixturePath(relative: string): string {
  return fileURLToPath(new URL(`../fixtures/${relative}`, import.meta.url));
}

/** Reads a JSON Lines file (split on LF only, as the conformance README requires). */
export function readJsonLines<T>(relative: string): T[] {
  return readFileSync(fixturePath(relative), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/**
 * A URL given as raw bytes, as a string with one character per byte: bytes ≥ 0x80 stay non-ASCII
 * characters, which (like the raw bytes in the reference) never equal a rule's escaped pattern.
 */
function hexToByteString(hex: string): string {
  return String.fromCharCode(...hexToBytes(hex));
}

/** A case's robots.txt: its text, or its bytes when given as hex. */
export function caseBody(raw: { robotstxt?: string; robotstxt_hex?: string }): string | Uint8Array {
  return raw.robotstxt_hex === undefined ? (raw.robotstxt ?? '') : hexToBytes(raw.robotstxt_hex);
}

/** Loads a file in the conformance format. */
export function loadCases(relative: string): ConformanceCase[] {
  return readJsonLines<RawCase>(relative).map((raw) => ({
    name: raw.name,
    body: caseBody(raw),
    useragent: raw.useragent,
    url: raw.url_hex === undefined ? (raw.url ?? '') : hexToByteString(raw.url_hex),
    allowed: raw.allowed,
    matchingLine: raw.matching_line,
  }));
}
