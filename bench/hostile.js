/**
 * Hostile input (issue #12), part of `npm run bench`: robots.txt files and URLs built to make a
 * check slow or a client's memory grow. For each shape (about 500 KiB of rules, an 8 KB URL):
 * parse + first check, a parse's first 100 checks (median and slowest: the scans and the build's
 * slices), a warm check (median and slowest), the work a check counts (the units
 * of `workBudget`) and robots-parser's check of the same URL side by side; then the memory a
 * client keeps per origin, and the shapes `hostile-shapes.js` generates (seed 1) beside the bound
 * on a check's work, and the path oracle's charge beside its time (`hostile-oracle.js`). Prints
 * Markdown tables and writes bench/results/hostile.json.
 * Run with `node --expose-gc`.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import robotsParserModule from 'robots-parser';
import { createRobotsClient, parseRobotsTxt } from '../dist/index.js';
import { lastCheckWork } from '../dist/robots.js';
import { measureGenerated, WARM_CHECKS } from './hostile-generated.js';
import { measureOracle } from './hostile-oracle.js';
import { clock, collect, formatBytes, formatNs, median, printTable, statsPerOp } from './timing.js';

/** @type {(url: string, body: string) => { isAllowed(url: string, agent: string): boolean | undefined }} */
const robotsParser = /** @type {any} */ (robotsParserModule);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = 500 * 1024;
const URL_8K = `https://e.com/${'a'.repeat(8 * 1024)}`;
const AGENT = 'bot';
const CLIENT_BUDGET = 2_000_000;
/** Shapes whose memory per origin is measured once their wildcard program is built. */
const PROGRAM_MEMORY = ['every piece in the URL, never in order', 'star-heavy (200 stars a rule)'];
/** robots-parser runs a RegExp per rule: it gets 1/SHARE of the rules, and its time × SHARE. */
const SHARE = 50;

/** @param {number} i */
const id = (i) => i.toString(36);

/**
 * Rule lines after `User-agent: *` until the file reaches SIZE.
 * @param {(i: number) => string} line
 * @param {string} [head]
 */
function fill(line, head = 'User-agent: *\n') {
  let body = head;
  for (let i = 0; body.length < SIZE; i++) body += line(i);
  return body;
}

/**
 * @typedef {object} Shape
 * @property {string} name
 * @property {string} body
 * @property {string} url
 */

/** @returns {Shape[]} */
function shapes() {
  let early = '';
  let late = '';
  for (let i = 0; early.length + late.length < 7800; i++) {
    early += `y${id(i)}q`;
    late += `x${id(i)}q`;
  }
  let zs = '';
  let ms = '';
  for (let i = 0; 2 * zs.length + ms.length < 7800; i++) {
    zs += `z${id(i)}qk${id(i)}q`;
    ms += `m${id(i)}q`;
  }
  const letters = '0123456789abcdefghijklmnopqrstuvwxyz';
  /** @type {string[]} */
  const firsts = [];
  for (const a of letters) for (const b of letters) firsts.push(a + b);
  let early2 = '';
  let late2 = '';
  for (let i = 0; early2.length + late2.length < 8 * 1024 - 2 * firsts.length - 300; i++) {
    early2 += `y${id(i)}q`;
    late2 += `x${id(i)}q`;
  }
  let seed = 7;
  let coin = '';
  for (let i = 0; i < 8000; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    coin += (seed >>> 16) & 1 ? 'a' : 'b';
  }
  const run = 'b'.repeat(30);
  const letters64 = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
  let text64 = '';
  for (let i = 0; i < 8000; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    text64 += letters64[(seed >>> 16) & 63];
  }
  return [
    {
      name: 'one wildcard rule repeated (27,000×)',
      body: fill(() => 'Allow: /aa*aaaaaaab\n'),
      url: URL_8K,
    },
    {
      name: 'the same, 100 KB URL',
      body: fill(() => 'Allow: /aa*aaaaaaab\n'),
      url: `https://e.com/${'a'.repeat(100_000)}`,
    },
    {
      name: 'distinct pieces sharing a trigram the URL has',
      body: fill((i) => `Allow: *a${id(i)}aaaaaab\n`),
      url: `${URL_8K}b`,
    },
    {
      name: 'every piece in the URL, never in order',
      body: fill((i) => `Disallow: /*x${id(i % 1500)}q*y${id(i % 1500)}q*${id(i)}\n`),
      url: `https://e.com/${early}${late}`,
    },
    {
      name: 'pieces on both sides of the one before',
      body: fill((i) => `Disallow: /*m${id(i % 800)}q*z${id(i % 800)}q*k${id(i)}q\n`),
      url: `https://e.com/${zs}${ms}${zs.replaceAll('k', 'j')}`,
    },
    {
      name: 'distinct first pieces, then pieces out of order',
      body: fill(
        (i) => `Disallow: /*${firsts[(i * 7) % firsts.length]}*x${id(i % 700)}q*y${id(i % 700)}q\n`,
      ),
      url: `https://e.com/${firsts.join('')}${early2}${late2}`,
    },
    {
      name: 'pieces occurring thousands of times',
      body: fill((i) => {
        const at = (i * 37) % 7000;
        return `Disallow: /*${coin.slice(at, at + 12)}*ab*ba*aab*bba*${run}\n`;
      }),
      url: `https://e.com/${run}${coin}`,
    },
    {
      name: 'ten distinct pieces a rule, in order, tail before them',
      body: fill(() => {
        /** @type {number[]} */
        const at = [];
        for (let k = 0; k < 10; k++) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          at.push(100 + ((seed >>> 16) % 7800));
        }
        at.sort((a, b) => a - b);
        return `Disallow: /*${at.map((p) => text64.slice(p, p + 3)).join('*')}*${text64.slice(0, 3)}\n`;
      }),
      url: `https://e.com/${text64}`,
    },
    {
      name: 'ten distinct pieces a rule, placed past the tail',
      body: fill(() => {
        /** @type {number[]} */
        const at = [];
        for (let k = 0; k < 10; k++) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          at.push((seed >>> 16) % 3990);
        }
        const early = at.pop() ?? 0;
        at.sort((a, b) => a - b);
        const late = at.map((p) => text64.slice(4000 + p, 4003 + p)).join('*');
        return `Disallow: /*${late}*${text64.slice(early, early + 3)}*~~~\n`;
      }),
      url: `https://e.com/${text64.slice(0, 4000)}~~~${text64.slice(4000)}`,
    },
    {
      name: 'wildcard rules sharing a long prefix',
      body: fill((i) => `Disallow: /${'a'.repeat(40)}*x${id(i)}*y\n`),
      url: `https://e.com/${'a'.repeat(4000)}${'yx'.repeat(2000)}`,
    },
    {
      name: 'star-heavy (200 stars a rule)',
      body: fill((i) => `Disallow: /${'*a'.repeat(200)}*b${id(i)}\n`),
      url: URL_8K,
    },
    {
      name: 'many groups naming one agent',
      body: fill((i) => `User-agent: ${AGENT}\nDisallow: /*c${id(i)}*d\n`, ''),
      url: `https://e.com/${'c'.repeat(8 * 1024)}`,
    },
  ];
}

/**
 * @typedef {object} HostileRow
 * @property {string} name
 * @property {number} bytes
 * @property {number} urlBytes
 * @property {number} firstCheckNs parse + first check, median
 * @property {number} medianOf100Ns the median of a parse's first 100 checks
 * @property {number} worstOf100Ns the slowest of them
 * @property {number} checkNs a warm check (after the program is paid for), median
 * @property {number} worstCheckNs a later check, slowest sample
 * @property {number} work the work a later check counts
 * @property {boolean} exact within the client's default budget
 * @property {number} parserCheckNs robots-parser's check (1/SHARE of the rules, × SHARE)
 */

/**
 * @param {Shape} shape
 * @returns {HostileRow}
 */
function measure({ name, body, url }) {
  console.error(`hostile: ${name}`);
  const first = statsPerOp(() => (parseRobotsTxt(body).isAllowed(url, AGENT) ? 1 : 0), {
    samples: 5,
    sampleMs: 50,
  });
  // A parse's first 100 checks one at a time (the scans, the build's slices among them, the
  // index), then checks until any shape has paid for its program: the median is a warm check's.
  collect();
  const robots = parseRobotsTxt(body);
  /** @type {number[]} */
  const firstHundred = [];
  for (let i = 0; i < WARM_CHECKS; i++) {
    const start = i < 100 ? clock() : 0;
    robots.isAllowed(url, AGENT);
    if (i < 100) firstHundred.push(clock() - start);
  }
  const check = statsPerOp(() => (robots.isAllowed(url, AGENT) ? 1 : 0), {
    samples: 9,
    sampleMs: 20,
  });
  // The slowest single check, one at a time, on the CPU clock as every sample here (the
  // garbage of the parses timed above collected first: it is not this check's).
  collect();
  let worst = 0;
  for (let i = 0; i < 30; i++) {
    const start = process.cpuUsage();
    robots.isAllowed(url, AGENT);
    const { user, system } = process.cpuUsage(start);
    worst = Math.max(worst, (user + system) / 1000);
  }
  robots.isAllowed(url, AGENT);
  const work = lastCheckWork();
  const budgeted = parseRobotsTxt(body, { workBudget: CLIENT_BUDGET });
  for (let i = 0; i < 5; i++) budgeted.isAllowed(url, AGENT);
  const lines = body.split('\n');
  const share = lines.filter((_, i) => i % SHARE === 0 || lines[i]?.startsWith('User-agent'));
  const parsed = robotsParser('https://e.com/robots.txt', share.join('\n'));
  parsed.isAllowed(url, AGENT);
  const start = performance.now();
  parsed.isAllowed(url, AGENT);
  const parserCheckNs = (performance.now() - start) * 1e6 * SHARE;
  return {
    name,
    bytes: body.length,
    urlBytes: url.length,
    firstCheckNs: first.median,
    medianOf100Ns: median(firstHundred) * 1e6,
    worstOf100Ns: Math.max(...firstHundred) * 1e6,
    checkNs: check.median,
    worstCheckNs: Math.max(worst * 1e6, check.max),
    work,
    exact: budgeted.exhaustedChecks === 0,
    parserCheckNs,
  };
}

/**
 * @typedef {object} MemoryRow
 * @property {string} label
 * @property {number} bytes
 * @property {number} origins
 * @property {number} perOrigin retained bytes per origin, each checked as one agent
 * @property {number} estimated the client's estimate (`retainedBytes`) per origin
 */

/**
 * Memory a client keeps per origin, each origin serving `text` and checked `checks` times (check
 * c at `path(c)`): a file of its own (`text` after a comment naming the origin), or with
 * `shared`, `text` itself at every origin (the client then parses it once and shares the file).
 * @param {string} label
 * @param {string} text
 * @param {number} origins
 * @param {number} checks
 * @param {(c: number) => string} [path]
 * @param {boolean} [shared]
 * @returns {Promise<MemoryRow>}
 */
async function clientMemory(label, text, origins, checks, path = (c) => `/x/${c}`, shared = false) {
  console.error(`client memory: ${label}`);
  const client = createRobotsClient({
    maxOrigins: origins * 2,
    fetch: async (url) => {
      const body = shared ? text : `# ${new URL(String(url)).host}\n${text}`;
      return new Response(new Uint8Array(Buffer.from(body)), { status: 200 });
    },
  });
  await client.isAllowed('https://warm.example/', AGENT);
  const before = await settledMemory();
  const estimatedBefore = client.stats.parsedBytes;
  for (let i = 0; i < origins; i++) {
    for (let c = 0; c < checks; c++)
      await client.isAllowed(`https://o${i}.example${path(c)}`, AGENT);
  }
  const perOrigin = ((await settledMemory()) - before) / origins;
  const estimated = (client.stats.parsedBytes - estimatedBefore) / origins;
  return { label, bytes: Buffer.byteLength(text), origins, perOrigin, estimated };
}

/**
 * Heap in use plus ArrayBuffer backing stores (a large file's rule table and index are typed
 * arrays, outside the JS heap), once pending timers have run and garbage is collected (what an
 * earlier row dropped would otherwise be freed during the next one).
 * @returns {Promise<number>}
 */
async function settledMemory() {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    collect();
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Rules of a few bytes (`Disallow: /a1`): the rule table and index weigh most against them. */
function shortRules() {
  return fill((i) => `Disallow: /${id(i)}\n`);
}

/**
 * Prefix rules whose values are percent-encoded before they match (`Disallow: /é1` matches as
 * `/%C3%A91`), SIZE bytes of UTF-8 (`é` is two).
 */
function escapedRules() {
  let body = 'User-agent: *\n';
  for (let i = 0; body.length + i < SIZE; i++) body += `Disallow: /é${id(i)}\n`;
  return body;
}

/** Wildcard rules with an empty prefix and distinct pieces: filed by trigram, not by prefix. */
function wildcardDense() {
  return fill((i) => `Allow: *a${id(i)}aaaaaab\n`);
}

/**
 * Wildcard rules whose pieces share no trigram (`Disallow: /*<pseudo-random base 36>`): each
 * rule is a key of the trigram index of its own.
 */
function distinctPieces() {
  return fill((i) => `Disallow: /*${(Math.imul(i + 1, 0x9e3779b1) >>> 0).toString(36)}\n`);
}

/** `a<id>` for the rules of {@link wildcardDense}, about 7,800 characters: builds its program. */
function wildcardDensePath() {
  let path = '/';
  for (let i = 0; path.length < 7800; i++) path += `a${id(i)}`;
  return path;
}

/** Pseudo-random words of 20 to 24 letters and digits. */
function longWords() {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let seed = 3;
  return Array.from({ length: 15_000 }, (_, i) => {
    let word = '';
    for (let k = 0; k < 20 + (i % 5); k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      word += letters[(seed >>> 16) % 36];
    }
    return word;
  });
}

/**
 * Wildcard rules of long pieces of five lengths (`Disallow: /*<20 to 24 characters>`), and a
 * path of the first 19 characters of every seventh (each followed by `-`), which builds their
 * program.
 */
function longPieces() {
  const words = longWords();
  const path = words
    .filter((_, i) => i % 7 === 0)
    .map((word) => `${word.slice(0, 19)}-`)
    .join('')
    .slice(0, 7800);
  return { body: fill((i) => `Disallow: /*${words[i]}\n`), path: `/${path}` };
}

/** @param {number} bytes */
function ruleDense(bytes) {
  let text = 'User-agent: *\n';
  for (let r = 0; text.length < bytes; r++) text += `Disallow: /p${id(r)}/*.x${r % 97}\n`;
  return text;
}

const all = shapes();
const rows = all.map(measure);
const typical = `User-agent: *\n${Array.from({ length: 40 }, (_, i) => `Disallow: /section-${i}/private\n`).join('')}`;
const memory = [
  await clientMemory('typical (1 KB), checked once', typical.slice(0, 1024), 2000, 1),
  await clientMemory('typical (1 KB), checked 6 times', typical.slice(0, 1024), 2000, 6),
  await clientMemory(
    'typical (1 KB), checked 6 times, the same bytes at every origin',
    typical.slice(0, 1024),
    2000,
    6,
    undefined,
    true,
  ),
  await clientMemory('rule-dense (495 KB), checked once', ruleDense(495_000), 20, 1),
  await clientMemory('rule-dense (495 KB), checked 6 times', ruleDense(495_000), 20, 6),
  await clientMemory('very short rules (500 KiB), checked 6 times', shortRules(), 20, 6),
  await clientMemory('percent-encoded rules (500 KiB), checked 6 times', escapedRules(), 20, 6),
  await clientMemory('wildcard-dense (500 KiB), checked 6 times', wildcardDense(), 20, 6),
  await clientMemory(
    'distinct wildcard pieces (500 KiB), checked 6 times',
    distinctPieces(),
    20,
    6,
  ),
  await clientMemory(
    'wildcard-dense (500 KiB), 8 KB URL',
    wildcardDense(),
    20,
    1,
    () => new URL(`${URL_8K}b`).pathname,
  ),
  await clientMemory(
    'wildcard-dense (500 KiB), a URL of its pieces’ starts',
    wildcardDense(),
    20,
    1,
    wildcardDensePath,
  ),
];
const long = longPieces();
memory.push(
  await clientMemory(
    'long wildcard pieces (20–24 characters, 500 KiB), its URL',
    long.body,
    20,
    1,
    () => long.path,
  ),
);
// Two shapes of the table above whose first check builds the wildcard program.
for (const shape of all.filter((s) => PROGRAM_MEMORY.includes(s.name))) {
  const path = new URL(shape.url).pathname;
  memory.push(await clientMemory(`${shape.name}, its URL`, shape.body, 20, 1, () => path));
}

printTable(
  [
    'hostile shape (500 KiB file)',
    'URL',
    'parse + first check',
    'first 100 checks: median',
    'worst',
    'check, median (warm)',
    'check, slowest',
    'work of a check',
    'exact within 2,000,000',
    'robots-parser check',
  ],
  rows.map((r) => [
    r.name,
    formatBytes(r.urlBytes),
    formatNs(r.firstCheckNs),
    formatNs(r.medianOf100Ns),
    formatNs(r.worstOf100Ns),
    formatNs(r.checkNs),
    formatNs(r.worstCheckNs),
    r.work.toLocaleString('en-US'),
    r.exact ? 'yes' : 'no: disallowed',
    `${formatNs(r.parserCheckNs)}*`,
  ]),
);
console.log(
  `\n*robots-parser checked 1/${SHARE} of the rules; its time × ${SHARE} (it runs a RegExp per rule).\n`,
);
printTable(
  ['client memory per origin', 'origins', 'retained', '÷ file size', 'client estimate'],
  memory.map((m) => [
    m.label,
    m.origins,
    formatBytes(m.perOrigin),
    `${(m.perOrigin / m.bytes).toFixed(1)}×`,
    formatBytes(m.estimated),
  ]),
);

// Several seeds: the shapes of one seed are recipes again; a bound must hold on every seed's.
const seeds = (process.env['HOSTILE_SEEDS'] ?? '1,2,3').split(',').map(Number);
/** @type {{ seed: number, rows: Awaited<ReturnType<typeof measureGenerated>> }[]} */
const generated = [];
for (const seed of seeds) generated.push({ seed, rows: await measureGenerated(seed) });
for (const { seed, rows: shapes } of generated) {
  printTable(
    [
      `generated shape (seed ${seed}, 500 KiB, 8 KB URL)`,
      'rules',
      'parse + 2 checks',
      'the same, client',
      'check, median (warm)',
      'first 100 checks: worst',
      'its units (work + build)',
      'most units',
      'collector in the 100',
      'median',
      'most work of a check',
      'bound',
    ],
    shapes.map((g) => [
      g.name,
      g.rules.toLocaleString('en-US'),
      formatNs(g.firstNs),
      formatNs(g.clientNs),
      formatNs(g.checkNs),
      formatNs(g.worstOf100Ns),
      g.worstOf100Units.toLocaleString('en-US'),
      g.mostOf100Units.toLocaleString('en-US'),
      formatNs(g.collectorOf100Ns),
      formatNs(g.medianOf100Ns),
      g.work.toLocaleString('en-US'),
      Math.round(g.bound).toLocaleString('en-US'),
    ]),
  );
}

const oracle = measureOracle();
printTable(
  ["the path's oracle (8 KB path), letters", 'units a build charges', 'a warm build', 'a unit'],
  oracle.map((o) => [
    o.letters,
    o.units.toLocaleString('en-US'),
    formatNs(o.ns),
    formatNs(o.ns / o.units),
  ]),
);

const out = join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'hostile.json'),
  `${JSON.stringify({ rows, memory, generated, oracle }, null, 2)}\n`,
);
