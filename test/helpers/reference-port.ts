/**
 * A deliberately naive, line-by-line port of Google's reference matcher (robots.cc:
 * RobotsTxtParser::Parse, GetKeyAndValueFrom, MaybeEscapePattern, RobotsMatcher::Handle*,
 * RobotsMatchStrategy::Matches with its position array). It shares no code with src/ and is
 * used only as the oracle of the property tests: slow, obvious, byte-based.
 */

const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const isHex = (c: number | undefined): boolean =>
  c !== undefined &&
  ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
const lower = (bytes: number[]): string =>
  String.fromCharCode(...bytes.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c)));

function strip(bytes: number[]): number[] {
  let s = 0;
  let e = bytes.length;
  while (s < e && isSpace(bytes[s]!)) s++;
  while (e > s && isSpace(bytes[e - 1]!)) e--;
  return bytes.slice(s, e);
}

function escapeValue(bytes: number[]): number[] {
  const out: number[] = [];
  const hex = '0123456789ABCDEF';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === 0x25 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out.push(
        c,
        String.fromCharCode(bytes[i + 1]!)
          .toUpperCase()
          .charCodeAt(0),
      );
      out.push(
        String.fromCharCode(bytes[i + 2]!)
          .toUpperCase()
          .charCodeAt(0),
      );
      i += 2;
    } else if (c >= 0x80) {
      out.push(0x25, hex.charCodeAt(c >> 4), hex.charCodeAt(c & 15));
    } else {
      out.push(c);
    }
  }
  return out;
}

function matches(path: number[], pattern: number[]): boolean {
  const pos: number[] = [0];
  for (let p = 0; p < pattern.length; p++) {
    const ch = pattern[p]!;
    if (ch === 0x24 && p + 1 === pattern.length) return pos[pos.length - 1] === path.length;
    if (ch === 0x2a) {
      const first = pos[0]!;
      pos.length = 0;
      for (let i = first; i <= path.length; i++) pos.push(i);
    } else {
      const next = pos.filter((i) => i < path.length && path[i] === ch).map((i) => i + 1);
      if (next.length === 0) return false;
      pos.splice(0, pos.length, ...next);
    }
  }
  return true;
}

function pathOf(url: number[]): number[] {
  const s = String.fromCharCode(...url);
  const start = s.startsWith('//') ? 2 : 0;
  const firstOf = (from: number): number => {
    const hits = ['/', '?', ';'].map((c) => s.indexOf(c, from)).filter((i) => i >= 0);
    return hits.length ? Math.min(...hits) : -1;
  };
  const early = firstOf(start);
  let proto = s.indexOf('://', start);
  if (early >= 0 && early < proto) proto = -1;
  proto = proto < 0 ? start : proto + 3;
  const pathStart = firstOf(proto);
  if (pathStart < 0) return [0x2f];
  const hash = s.indexOf('#', start);
  if (hash >= 0 && hash < pathStart) return [0x2f];
  let path = url.slice(pathStart, hash < 0 ? url.length : hash);
  if (path[0] !== 0x2f) path = [0x2f, ...path];
  const nul = path.indexOf(0);
  return nul >= 0 ? path.slice(0, nul) : path;
}

/** The reference's `GetPathParamsQuery` of `url`, cut at a NUL (the reference passes it on as a C string). */
export function referencePath(url: string): string {
  const codes = Array.from({ length: url.length }, (_, i) => url.charCodeAt(i));
  return String.fromCharCode(...pathOf(codes));
}

interface Match {
  priority: number;
  line: number;
}

/** The reference's verdict and matching_line for a body, agents and URL, all as bytes. */
export function referenceCheck(
  body: Uint8Array,
  agents: readonly string[],
  url: Uint8Array,
): { allowed: boolean; line: number } {
  const path = pathOf([...url]);
  const allow = { specific: { priority: -1, line: 0 }, global: { priority: -1, line: 0 } };
  const disallow = { specific: { priority: -1, line: 0 }, global: { priority: -1, line: 0 } };
  let seenGlobal = false;
  let seenSpecific = false;
  let everSeenSpecific = false;
  let seenSeparator = false;

  const record = (m: { specific: Match; global: Match }, priority: number, line: number): void => {
    const slot = seenSpecific ? m.specific : m.global;
    if (slot.priority < priority) {
      slot.priority = priority;
      slot.line = line;
    }
  };
  const handleRule = (isAllow: boolean, line: number, value: number[]): void => {
    if (!seenGlobal && !seenSpecific) return;
    seenSeparator = true;
    if (matches(path, value)) {
      record(isAllow ? allow : disallow, value.length, line);
    } else if (isAllow) {
      const slash = value.lastIndexOf(0x2f);
      if (slash >= 0 && String.fromCharCode(...value.slice(slash)).startsWith('/index.htm')) {
        handleRule(true, line, [...value.slice(0, slash + 1), 0x24]);
      }
    }
  };
  const handleAgent = (value: number[]): void => {
    if (seenSeparator) seenSpecific = seenGlobal = seenSeparator = false;
    if (value[0] === 0x2a && (value.length === 1 || isSpace(value[1]!))) {
      seenGlobal = true;
      return;
    }
    let end = 0;
    while (end < value.length && /[A-Za-z_-]/.test(String.fromCharCode(value[end]!))) end++;
    const token = lower(value.slice(0, end));
    if (agents.some((a) => lower([...new TextEncoder().encode(a)]) === token)) {
      everSeenSpecific = seenSpecific = true;
    }
  };

  const emitLine = (lineNumber: number, raw: number[]): void => {
    let line = raw;
    const nul = line.indexOf(0);
    if (nul >= 0) line = line.slice(0, nul);
    const hash = line.indexOf(0x23);
    if (hash >= 0) line = line.slice(0, hash);
    line = strip(line);
    if (line.length === 0) return;
    let sep = line.indexOf(0x3a);
    if (sep < 0) {
      sep = line.findIndex((c) => c === 0x20 || c === 0x09);
      if (sep < 0) return;
      let v = sep;
      while (v < line.length && (line[v] === 0x20 || line[v] === 0x09)) v++;
      if (line.slice(v).some((c) => c === 0x20 || c === 0x09)) return;
    }
    const key = strip(line.slice(0, sep));
    if (key.length === 0) return;
    const value = strip(line.slice(sep + 1));
    const k = lower(key);
    if (['user-agent', 'useragent', 'user agent'].some((p) => k.startsWith(p))) handleAgent(value);
    else if (k.startsWith('allow')) handleRule(true, lineNumber, escapeValue(value));
    else if (
      ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((p) =>
        k.startsWith(p),
      )
    )
      handleRule(false, lineNumber, escapeValue(value));
  };

  const bom = [0xef, 0xbb, 0xbf];
  let bomPos = 0;
  let lineNumber = 0;
  let current: number[] = [];
  let lastWasCr = false;
  for (const ch of body) {
    if (bomPos < 3 && ch === bom[bomPos++]) continue;
    bomPos = 3;
    if (ch !== 0x0a && ch !== 0x0d) {
      if (current.length < 2083 * 8 - 1) current.push(ch);
    } else {
      if (!(current.length === 0 && lastWasCr && ch === 0x0a)) emitLine(++lineNumber, current);
      current = [];
      lastWasCr = ch === 0x0d;
    }
  }
  emitLine(++lineNumber, current);

  // RobotsMatcher::disallow() and matching_line(), as written there.
  let allowed: boolean;
  if (allow.specific.priority > 0 || disallow.specific.priority > 0) {
    allowed = !(disallow.specific.priority > allow.specific.priority);
  } else if (everSeenSpecific) {
    allowed = true;
  } else if (disallow.global.priority > 0 || allow.global.priority > 0) {
    allowed = !(disallow.global.priority > allow.global.priority);
  } else {
    allowed = true;
  }
  const higher = (d: Match, a: Match): Match => (d.priority > a.priority ? d : a);
  const line = everSeenSpecific
    ? higher(disallow.specific, allow.specific).line
    : higher(disallow.global, allow.global).line;
  return { allowed, line };
}
