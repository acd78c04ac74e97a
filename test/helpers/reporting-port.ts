/**
 * A deliberately naive, line-by-line port of Google's reporting module as Search Console runs it:
 * robots.cc's `RobotsTxtParser::Parse`, `ParseAndEmitLine`, `GetKeyAndValueFrom` and
 * `ParsedRobotsKey::Parse`, driving `RobotsParsingReporter` (reporting_robots.cc, commit
 * 22b355ff855419e6a3ff8ff09c0ad7fdb17116f9). It shares no code with src/ (not even the list of
 * unsupported tags) and is used only as the oracle of the report's property tests: slow,
 * obvious, C-string and byte based.
 */

/** `kUnsupportedTags` in reporting_robots.cc, copied from there. */
const K_UNSUPPORTED_TAGS = [
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
];

/** `kMaxLineLen` (2083 * 8); the buffer keeps one byte less for the final NUL. */
const K_MAX_LINE_LEN = 2083 * 8;

interface LineMetadata {
  isEmpty: boolean;
  hasComment: boolean;
  isComment: boolean;
  hasDirective: boolean;
  isAcceptableTypo: boolean;
  isLineTooLong: boolean;
  isMissingColonSeparator: boolean;
}

type Tag = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unused' | 'unknown';

/** `RobotsParsedLine`, with the metadata spread as the library's `ReportLine` has it. */
export interface PortedLine extends LineMetadata {
  line: number;
  tag: Tag;
  typo: boolean;
}

export interface PortedReport {
  lastLine: number;
  validDirectives: number;
  unusedDirectives: number;
  lines: PortedLine[];
}

/** absl's `ascii_isspace`: space, \t, \n, \v, \f, \r. */
const isSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/** `absl::StartsWithIgnoreCase` on bytes (ASCII case folding only). */
function startsWithIgnoreCase(key: number[], prefix: string): boolean {
  if (key.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const c = key[i]!;
    const folded = c >= 0x41 && c <= 0x5a ? c + 32 : c;
    if (folded !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** `StripWhitespaceSlowly`. */
function strip(s: number[]): number[] {
  let start = 0;
  let end = s.length;
  while (start < end && isSpace(s[start]!)) start++;
  while (end > start && isSpace(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** `GetKeyAndValueFrom`: the key (null when there is no directive) and the metadata flags. */
function getKeyAndValueFrom(cString: number[], metadata: LineMetadata): number[] | null {
  let line = cString;
  // strchr(line, '#')
  const comment = line.indexOf(0x23);
  if (comment >= 0) {
    metadata.hasComment = true;
    line = line.slice(0, comment);
  }
  line = strip(line);
  if (line.length === 0) {
    if (metadata.hasComment) metadata.isComment = true;
    else metadata.isEmpty = true;
    return null;
  }
  // strchr(line, ':')
  let sep = line.indexOf(0x3a);
  if (sep < 0) {
    // strpbrk(line, " \t")
    sep = line.findIndex((c) => c === 0x20 || c === 0x09);
    if (sep >= 0) {
      let val = sep;
      // strspn(sep, " \t")
      while (val < line.length && (line[val] === 0x20 || line[val] === 0x09)) val++;
      // More than two sequences of non-whitespace characters: no directive.
      if (line.slice(val).some((c) => c === 0x20 || c === 0x09)) return null;
      metadata.isMissingColonSeparator = true;
    }
  }
  if (sep < 0) return null;
  const key = strip(line.slice(0, sep));
  if (key.length > 0) {
    metadata.hasDirective = true;
    return key;
  }
  return null;
}

/** `ParsedRobotsKey::Parse` with `kAllowFrequentTypos`: the tag and whether a typo was accepted. */
function parseKey(key: number[]): { tag: Tag | 'other'; typo: boolean } {
  // KeyIsUserAgent
  let typo = startsWithIgnoreCase(key, 'useragent') || startsWithIgnoreCase(key, 'user agent');
  if (startsWithIgnoreCase(key, 'user-agent') || typo) return { tag: 'user-agent', typo };
  // KeyIsAllow: no typos for "allow".
  if (startsWithIgnoreCase(key, 'allow')) return { tag: 'allow', typo: false };
  // KeyIsDisallow
  typo = ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((p) =>
    startsWithIgnoreCase(key, p),
  );
  if (startsWithIgnoreCase(key, 'disallow') || typo) return { tag: 'disallow', typo };
  // KeyIsSitemap
  typo = startsWithIgnoreCase(key, 'site-map');
  if (startsWithIgnoreCase(key, 'sitemap') || typo) return { tag: 'sitemap', typo };
  return { tag: 'other', typo };
}

/** `ParseRobotsTxt(body, &reporter)`, then the reporter's per-line results and totals. */
export function referenceReport(body: Uint8Array): PortedReport {
  // RobotsParsingReporter::HandleRobotsStart
  let lastLineSeen = 0;
  let validDirectives = 0;
  let unusedDirectives = 0;
  const results = new Map<number, PortedLine>();
  const recordOf = (lineNum: number): PortedLine => {
    let record = results.get(lineNum);
    if (record === undefined) {
      record = {
        line: lineNum,
        tag: 'unknown',
        typo: false,
        isEmpty: false,
        hasComment: false,
        isComment: false,
        hasDirective: false,
        isAcceptableTypo: false,
        isLineTooLong: false,
        isMissingColonSeparator: false,
      };
      results.set(lineNum, record);
    }
    return record;
  };
  const digest = (lineNum: number, tag: Tag): void => {
    if (lineNum > lastLineSeen) lastLineSeen = lineNum;
    if (tag !== 'unknown' && tag !== 'unused') validDirectives++;
    recordOf(lineNum).tag = tag;
  };
  const reportLineMetadata = (lineNum: number, metadata: LineMetadata): void => {
    if (lineNum > lastLineSeen) lastLineSeen = lineNum;
    const record = recordOf(lineNum);
    record.typo = metadata.isAcceptableTypo;
    Object.assign(record, metadata);
  };

  const parseAndEmitLine = (lineNum: number, buffer: number[], tooLong: boolean): void => {
    // The buffer is a C string: it ends at its first NUL.
    const nul = buffer.indexOf(0);
    const cString = nul >= 0 ? buffer.slice(0, nul) : buffer;
    const metadata: LineMetadata = {
      isEmpty: false,
      hasComment: false,
      isComment: false,
      hasDirective: false,
      isAcceptableTypo: false,
      isLineTooLong: false,
      isMissingColonSeparator: false,
    };
    const key = getKeyAndValueFrom(cString, metadata);
    metadata.isLineTooLong = tooLong;
    if (key === null) {
      reportLineMetadata(lineNum, metadata);
      return;
    }
    const parsed = parseKey(key);
    metadata.isAcceptableTypo = parsed.typo;
    if (parsed.tag === 'other') {
      // HandleUnknownAction: every unrecognised key counts as unused.
      const lower = String.fromCharCode(...key.map((c) => (c >= 0x41 && c <= 0x5a ? c + 32 : c)));
      unusedDirectives++;
      digest(lineNum, K_UNSUPPORTED_TAGS.includes(lower) ? 'unused' : 'unknown');
    } else {
      digest(lineNum, parsed.tag);
    }
    reportLineMetadata(lineNum, metadata);
  };

  // RobotsTxtParser::Parse
  const utfBom = [0xef, 0xbb, 0xbf];
  let bomPos = 0;
  let lineNum = 0;
  let buffer: number[] = [];
  let tooLong = false;
  let lastWasCarriageReturn = false;
  for (const ch of body) {
    if (bomPos < utfBom.length && ch === utfBom[bomPos++]) continue;
    bomPos = utfBom.length;
    if (ch !== 0x0a && ch !== 0x0d) {
      if (buffer.length < K_MAX_LINE_LEN - 1) buffer.push(ch);
      else tooLong = true;
    } else {
      const isCrlfContinuation = buffer.length === 0 && lastWasCarriageReturn && ch === 0x0a;
      if (!isCrlfContinuation) {
        parseAndEmitLine(++lineNum, buffer, tooLong);
        tooLong = false;
      }
      buffer = [];
      lastWasCarriageReturn = ch === 0x0d;
    }
  }
  parseAndEmitLine(++lineNum, buffer, tooLong);

  const lines = [...results.values()].sort((a, b) => a.line - b.line);
  return { lastLine: lastLineSeen, validDirectives, unusedDirectives, lines };
}
