/**
 * Benchmark inputs: the shared bench files, the real-world corpus with 100 URLs per file, and a
 * generated worst case. Everything is deterministic, so runs are comparable.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} BenchFiles
 * @property {{ large: string, typical: string }} files the bench files' text
 * @property {string} origin the origin of every URL
 * @property {string[]} urls
 */

/**
 * A corpus file with its URLs.
 * @typedef {object} CorpusFile
 * @property {string} name `NNNN.txt`
 * @property {Uint8Array} bytes the body as fetched
 * @property {string} text the body decoded as UTF-8 (for robots-parser)
 * @property {string} origin the site's origin
 * @property {string[]} urls 100 URLs on that origin
 */

/**
 * Reads a file of one item per line, without empty lines.
 * @param {string} path
 * @returns {string[]}
 */
function readLines(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/**
 * Rewrites a URL onto `origin`, keeping path, query and fragment. robots-parser answers only for
 * URLs of the robots.txt's own origin, so both libraries get URLs of one origin per file.
 * @param {string} url
 * @param {string} origin
 * @returns {string}
 */
export function withOrigin(url, origin) {
  const scheme = url.indexOf('://');
  const rest = scheme < 0 ? url : url.slice(scheme + 3);
  const slash = rest.search(/[/?#]/);
  const tail = slash < 0 ? '/' : rest.slice(slash);
  return origin + (tail.startsWith('/') ? tail : `/${tail}`);
}

/**
 * The shared bench files: large and typical robots.txt plus 10,000 URLs.
 * @param {string} shared the shared directory
 * @returns {BenchFiles}
 */
export function loadBenchFiles(shared) {
  const dir = join(shared, 'bench');
  const origin = 'https://www.example.com';
  return {
    files: {
      large: readFileSync(join(dir, 'large-robots.txt'), 'utf8'),
      typical: readFileSync(join(dir, 'typical-robots.txt'), 'utf8'),
    },
    origin,
    urls: readLines(join(dir, 'urls.txt')).map((u) => withOrigin(u, origin)),
  };
}

/**
 * A tiny deterministic PRNG (mulberry32), so generated inputs are the same on every run.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Paths derived from a file's own allow/disallow values: `*` filled in, `$` dropped.
 * @param {string} text
 * @param {number} limit
 * @returns {string[]}
 */
function pathsFromRules(text, limit) {
  /** @type {Set<string>} */
  const paths = new Set();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = /^\s*(?:dis)?allow\s*:?\s*([^\s#]+)/i.exec(line);
    if (m === null) continue;
    let path = /** @type {string} */ (m[1]).replaceAll('*', 'x1').replace(/\$$/, '');
    if (!path.startsWith('/')) path = `/${path}`;
    paths.add(path);
    if (paths.size >= limit) break;
  }
  return [...paths];
}

/**
 * The corpus: every file as bytes (for robots-rep) and as a UTF-8 string (for robots-parser,
 * decoded up front so its timing is not charged for decoding), each with exactly 100 URLs: the
 * site's real URLs where provenance-all.tsv links it to urls/<host>.txt, filled up with paths
 * from the file's own rules and then with bench URL paths.
 * @param {string} shared the shared directory
 * @param {readonly string[]} benchUrls
 * @returns {{ files: CorpusFile[], realUrls: number }}
 */
export function loadCorpus(shared, benchUrls) {
  const dir = join(shared, 'corpus');
  /** @type {Map<string | undefined, string | undefined>} */
  const siteOf = new Map();
  for (const row of readLines(join(dir, 'index.tsv')).slice(1)) {
    const cols = row.split('\t');
    siteOf.set(cols[0], cols[5]);
  }
  /** @type {Map<string | undefined, string>} */
  const hostOf = new Map();
  for (const row of readLines(join(dir, 'provenance-all.tsv')).slice(1)) {
    const cols = row.split('\t');
    const path = cols[4] ?? '';
    if (cols[2] === 'anubhavp28/robotstxt-parser-benchmark' && path.startsWith('robotfiles/')) {
      hostOf.set(cols[0], path.slice('robotfiles/'.length));
    }
  }
  const benchPaths = benchUrls.map((u) => withOrigin(u, ''));
  /** @type {CorpusFile[]} */
  const files = [];
  let realUrls = 0;
  const names = readdirSync(join(dir, 'files'))
    .filter((n) => n.endsWith('.txt'))
    .sort();
  for (const [index, name] of names.entries()) {
    const bytes = new Uint8Array(readFileSync(join(dir, 'files', name)));
    const text = Buffer.from(bytes).toString('utf8');
    const host = hostOf.get(name);
    const site = (host ?? siteOf.get(name) ?? 'corpus.example').replace(/_(\d+)$/, ':$1');
    // A few sites are not valid hosts; robots-parser could not even check their URLs.
    const origin = URL.canParse(`https://${site}/`) ? `https://${site}` : 'https://corpus.example';
    /** @type {string[]} */
    const urls = [];
    const own = host === undefined ? null : join(dir, 'urls', `${host}.txt`);
    if (own !== null && existsSync(own)) {
      for (const u of readLines(own).slice(0, 100)) urls.push(withOrigin(u, origin));
      realUrls += urls.length;
    }
    for (const p of pathsFromRules(text, 100 - urls.length)) urls.push(origin + p);
    for (let k = 0; urls.length < 100; k++) {
      urls.push(origin + benchPaths[(index * 37 + k) % benchPaths.length]);
    }
    files.push({ name, bytes, text, origin, urls });
  }
  return { files, realUrls };
}

/**
 * The worst case: a 500 KiB `*` group of wildcard-heavy patterns that share the prefix `/`, and
 * 2,000-byte URLs built from the same alphabet, so that almost every piece of every pattern
 * occurs somewhere in the path and near misses are common.
 * @returns {{ body: string, origin: string, urls: string[] }}
 */
export function makeWorstCase() {
  const rnd = random(9309);
  /** @param {string} s */
  const pick = (s) => s[Math.floor(rnd() * s.length)];
  /** @param {number} n */
  const word = (n) => Array.from({ length: n }, () => pick('abcde')).join('');
  const lines = ['User-agent: *'];
  let size = 'User-agent: *'.length + 1;
  const target = 500 * 1024;
  for (let i = 0; size < target; i++) {
    let pattern;
    switch (i % 7) {
      case 0: // many short pieces, anchored: every piece search succeeds, the tail decides
        pattern = `/*${Array.from({ length: 12 }, () => word(2)).join('*')}$`;
        break;
      case 1: // a long run of `*a` pieces: the classic backtracking trap
        pattern = `/${'*a'.repeat(15)}*${word(3)}`;
        break;
      case 2: // pieces that occur late in the path
        pattern = `/*${word(6)}*${word(6)}*${word(6)}`;
        break;
      case 3: // consecutive stars and a `$` in the middle (literal there)
        pattern = `/**${word(4)}***$${word(2)}*${word(3)}$`;
        break;
      case 4: // many rules filed under one trigram that the path repeats all along
        pattern = `/*${word(3).replace(/a/g, 'b')}aaa`;
        break;
      case 5: // many rules of equal length under one literal prefix, most of them matching
        pattern = `/a*${pick('abcde')}`;
        break;
      default: // a literal prefix shared with the URLs, then wildcards
        pattern = `/${word(2)}/*${word(4)}*/${word(3)}*`;
    }
    // Allow and Disallow mixed into every kind of pattern (3 and 7 share no factor).
    const line = `${i % 3 === 0 ? 'Allow' : 'Disallow'}: ${pattern}`;
    lines.push(line);
    size += line.length + 1;
  }
  const body = `${lines.join('\n')}\n`;
  /** @type {string[]} */
  const urls = [];
  for (let i = 0; i < 100; i++) {
    let path = '';
    if (i % 4 === 0) {
      path = `/${'a'.repeat(1980)}`;
    } else {
      while (path.length < 1980) path += `/${word(1 + Math.floor(rnd() * 8))}`;
      path = path.slice(0, 1980);
    }
    urls.push(`https://worst.example${path}${i % 3 === 0 ? '?q=abc' : ''}`.padEnd(2000, 'e'));
  }
  return { body, origin: 'https://worst.example', urls };
}
