/**
 * `npm run bench`: robots-parser and robots-rep side by side in one process. Parse and check
 * medians on the shared bench files, a run over the whole real-world corpus, retained memory per
 * parsed file, and a generated worst case. Prints Markdown tables and writes JSON to
 * bench/results/. Set ROBOTS_REP_SHARED to point at another copy of the shared directory.
 * Run with `node --expose-gc` so that the memory figures are exact.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import robotsParser from 'robots-parser';
import { createRobotsClient, parseRobotsTxt } from '../dist/index.js';
import { lastCheckWork } from '../dist/robots.js';
import { loadBenchFiles, loadCorpus, makeHostileCases, makeWorstCase } from './inputs.js';
import {
  collect,
  formatBytes,
  formatNs,
  formatStats,
  median,
  printTable,
  sinkValue,
  stats,
  timePerOp,
  timeSideBySide,
} from './timing.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, process.env.ROBOTS_REP_SHARED ?? '../shared');
const AGENTS = ['ExampleBot', 'OtherCrawler'];
const CORPUS_AGENT = 'Googlebot';

/**
 * UTF-8 bytes as a string, the fastest way Node has (no copy): what a robots-parser user does
 * with a body fetched as bytes.
 */
const utf8 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString();

/** The two libraries behind one shape: parse a string body, parse bytes, check one URL. */
const LIBS = [
  {
    name: 'robots-parser',
    parse: (text, origin) => robotsParser(`${origin}/robots.txt`, text),
    // robots-parser takes only strings: from bytes, it is timed with the decoding.
    parseBytes: (bytes, origin) => robotsParser(`${origin}/robots.txt`, utf8(bytes)),
    // robots-parser's model is built by its parse.
    readModel: (robots) => robots,
    // robots-parser takes only strings: it gets the body decoded up front (not timed).
    // It throws on some real files (e.g. a `Disallow` line with no value and no colon): those
    // count as failures and get no checks.
    checkAll: makeCheckAll(),
    parseFile: (file) => tryParse(() => robotsParser(`${file.origin}/robots.txt`, file.text)),
    copy: (file) =>
      tryParse(() => robotsParser(`${file.origin}/robots.txt`, Buffer.from(file.bytes).toString())),
  },
  {
    name: 'robots-rep',
    parse: (text) => parseRobotsTxt(text),
    parseBytes: (bytes) => parseRobotsTxt(bytes),
    readModel: (robots) => robots.groups.length + robots.lines.length >= 0,
    // robots-rep reads the raw bytes, as a fetcher hands them over (conversion is timed).
    checkAll: makeCheckAll(),
    parseFile: (file) => parseRobotsTxt(file.bytes),
    copy: (file) => parseRobotsTxt(file.bytes),
  },
];

let parseFailures = 0;

function tryParse(parse) {
  try {
    return parse();
  } catch {
    parseFailures++;
    return null;
  }
}

/**
 * A fresh copy of the check loop per library: one shared loop would see both libraries' objects
 * and make the `isAllowed` call site polymorphic, slowing both by an amount that is not theirs.
 */
function makeCheckAll() {
  return new Function(
    'robots',
    'urls',
    'agent',
    `if (robots === null) return 0;
    let allowed = 0;
    for (let i = 0; i < urls.length; i++) if (robots.isAllowed(urls[i], agent)) allowed++;
    return allowed;`,
  );
}

const started = performance.now();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: availableParallelism(),
  gcExposed: collect(),
};
/** Heap in use plus ArrayBuffer backing stores (typed arrays live outside the JS heap). */
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const log = (message) =>
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)}s ${message}\n`);

/**
 * Runs what the bench-file rows time (parse, model, checks) on every bench file, for both
 * libraries, before any of them is timed, so that no row pays for the engine re-optimising code
 * first optimised for another file:
 * in one run without it, the typical file's parse row came out 40% slower than the next row
 * (which also parses it).
 */
function warmUp({ files, origin, urls }) {
  const until = performance.now() + 2000;
  const warmUrls = urls.slice(0, 100);
  let sink = 0;
  while (performance.now() < until) {
    for (const text of Object.values(files)) {
      const bytes = new Uint8Array(Buffer.from(text));
      for (const lib of LIBS) {
        const robots = lib.parse(text, origin);
        sink += lib.readModel(lib.parse(text, origin)) ? 1 : 0;
        for (const agent of AGENTS) {
          sink += lib.checkAll(robots, warmUrls, agent);
          sink += lib.parseBytes(bytes, origin).isAllowed(urls[0], agent) ? 1 : 0;
        }
      }
    }
  }
  return sink;
}

function benchFiles({ files, origin, urls }) {
  log('bench: warm-up');
  warmUp({ files, origin, urls });
  const rows = [];
  for (const [fileName, text] of Object.entries(files)) {
    const everyAgent = agentsNamedIn(text);
    const row = {
      file: fileName,
      bytes: Buffer.byteLength(text),
      urls: urls.length,
      agentsChecked: everyAgent.length,
    };
    log(`bench ${fileName}: parse`);
    const parseNs = timeSideBySide(
      LIBS.map((lib) => () => (lib.parse(text, origin) ? 1 : 0)),
      { samples: 15 },
    );
    // Parse and read the whole model: robots-rep builds it on first access, robots-parser at
    // parse time (its parse is timed again).
    const modelNs = timeSideBySide(
      LIBS.map((lib) => () => (lib.readModel(lib.parse(text, origin)) ? 1 : 0)),
      { samples: 15 },
    );
    // Parse and answer one URL (on the file's own host: robots-parser answers other hosts
    // without work), from a string and from bytes, as each agent: includes any matcher work
    // done on first use.
    const bytes = new Uint8Array(Buffer.from(text));
    const firstCheck = {};
    for (const agent of AGENTS) {
      log(`bench ${fileName}: parse + first check, ${agent}`);
      firstCheck[agent] = {
        string: timeSideBySide(
          LIBS.map((lib) => () => (lib.parse(text, origin).isAllowed(urls[0], agent) ? 1 : 0)),
          { samples: 15 },
        ),
        bytes: timeSideBySide(
          LIBS.map(
            (lib) => () => (lib.parseBytes(bytes, origin).isAllowed(urls[0], agent) ? 1 : 0),
          ),
          { samples: 15 },
        ),
      };
    }
    // Parse and answer one URL for every agent the file names, and one it does not: every group
    // set compiled (robots-rep compiles an agent's rules on its first check).
    const everyAgentNs = timeSideBySide(
      LIBS.map((lib) => () => {
        const robots = lib.parse(text, origin);
        let allowed = 0;
        for (const agent of everyAgent) if (robots.isAllowed(urls[0], agent)) allowed++;
        return allowed;
      }),
      { samples: 15 },
    );
    const parseBytesNs = timeSideBySide(
      LIBS.map((lib) => () => (lib.parseBytes(bytes, origin) ? 1 : 0)),
      { samples: 15 },
    );
    const parsed = LIBS.map((lib) => lib.parse(text, origin));
    const check = {};
    for (const agent of AGENTS) {
      log(`bench ${fileName}: check ${agent}`);
      check[agent] = timeSideBySide(
        parsed.map((robots, i) => () => LIBS[i].checkAll(robots, urls, agent)),
        { opsPerRun: urls.length, samples: 9, sampleMs: 40 },
      );
    }
    LIBS.forEach((lib, i) => {
      row[lib.name] = {
        parseNs: parseNs[i],
        parseBytesNs: parseBytesNs[i],
        firstCheckNs: Object.fromEntries(
          AGENTS.map((agent) => [
            agent,
            { string: firstCheck[agent].string[i], bytes: firstCheck[agent].bytes[i] },
          ]),
        ),
        everyAgentNs: everyAgentNs[i],
        modelNs: modelNs[i],
        checkNs: Object.fromEntries(AGENTS.map((agent) => [agent, check[agent][i]])),
      };
    });
    // Informational: how often the two libraries' verdicts differ (robots-parser is not a
    // reference implementation; robots-rep is checked against Google's in the test suite).
    const [a, b] = parsed;
    row.verdictDifferences = Object.fromEntries(
      AGENTS.map((agent) => [
        agent,
        urls.filter((u) => a.isAllowed(u, agent) !== b.isAllowed(u, agent)).length,
      ]),
    );
    rows.push(row);
  }
  return rows;
}

/** The product tokens of a file's `User-agent` lines, once each, and `OtherCrawler` for `*`. */
function agentsNamedIn(text) {
  const tokens = [...text.matchAll(/^\s*user-agent\s*:\s*([A-Za-z_-]+)/gim)].map((m) => m[1]);
  return [...new Set(tokens.map((t) => t.toLowerCase())), 'OtherCrawler'];
}

function benchCorpus(benchUrls) {
  log('corpus: loading');
  const { files, realUrls } = loadCorpus(shared, benchUrls);
  const totalBytes = files.reduce((n, f) => n + f.bytes.length, 0);
  const checks = files.reduce((n, f) => n + f.urls.length, 0);
  const out = { files: files.length, bytes: totalBytes, checks, realUrls, libs: {} };
  for (const lib of LIBS) {
    log(`corpus: ${lib.name}`);
    const times = [];
    let peakHeap = 0;
    let failures = 0;
    for (let run = 0; run < 3; run++) {
      collect();
      const base = used();
      const start = performance.now();
      let allowed = 0;
      for (let i = 0; i < files.length; i++) {
        const file = files[i];
        const robots = lib.parseFile(file);
        allowed += lib.checkAll(robots, file.urls, CORPUS_AGENT);
        // Sampling the heap costs ~1 µs; every 64 files is negligible against the work.
        if (run === 0 && (i & 63) === 0) {
          peakHeap = Math.max(peakHeap, used() - base);
        }
      }
      times.push(performance.now() - start);
      if (run === 0) failures = parseFailures;
      parseFailures = 0;
      out.libs[lib.name] = { allowed, parseFailures: failures };
    }
    // Retained memory of all files parsed and kept at once (as an SEO tool holding a crawl).
    collect();
    const before = used();
    const kept = files.map((f) => lib.copy(f));
    collect();
    const retained = used() - before;
    Object.assign(out.libs[lib.name], {
      totalMs: median(times),
      peakHeapDelta: peakHeap,
      retainedAll: retained,
      retainedPerByte: retained / totalBytes,
      kept: kept.length,
    });
  }
  return { out, files };
}

/** Retained heap of one parsed file, measured over many parsed copies of it. */
function retainedPerCopy(lib, file, check) {
  const copies = Math.min(5000, Math.max(20, Math.round(4e6 / Math.max(file.bytes.length, 1))));
  collect();
  const before = used();
  const kept = [];
  for (let i = 0; i < copies; i++) {
    const robots = lib.copy(file);
    // A checked file also holds whatever the library builds on first use for that agent.
    if (check && robots !== null) robots.isAllowed(`${file.origin}/`, CORPUS_AGENT);
    kept.push(robots);
  }
  collect();
  const after = used();
  return kept.length > 0 ? (after - before) / copies : 0;
}

function benchMemory(corpusFiles, benchText) {
  const bySize = [...corpusFiles].filter((f) => f.bytes.length > 0);
  bySize.sort((a, b) => a.bytes.length - b.bytes.length);
  const at = (q) => bySize[Math.min(bySize.length - 1, Math.floor(q * bySize.length))];
  const picks = [
    ['corpus p10', at(0.1)],
    ['corpus median', at(0.5)],
    ['corpus p90', at(0.9)],
    ['corpus p99', at(0.99)],
    ['typical-robots.txt', toFile(benchText.typical)],
    ['large-robots.txt', toFile(benchText.large)],
  ];
  return picks.map(([label, file]) => {
    const row = { label, file: file.name, bytes: file.bytes.length };
    for (const lib of LIBS) {
      log(`memory ${label}: ${lib.name}`);
      const perCopy = retainedPerCopy(lib, file, false);
      const checked = retainedPerCopy(lib, file, true);
      row[lib.name] = {
        bytes: perCopy,
        ratio: perCopy / file.bytes.length,
        checkedBytes: checked,
        checkedRatio: checked / file.bytes.length,
      };
    }
    return row;
  });
}

function toFile(text) {
  const bytes = new Uint8Array(Buffer.from(text));
  return { name: '-', bytes, text, origin: 'https://www.example.com' };
}

function benchWorst() {
  const { body, origin, urls } = makeWorstCase();
  const out = { bytes: body.length, urls: urls.length, urlBytes: urls[0].length, libs: {} };
  for (const lib of LIBS) {
    log(`worst case: ${lib.name}`);
    const parseNs = timePerOp(() => (lib.parse(body, origin) ? 1 : 0), {
      samples: 5,
      sampleMs: 50,
    }).median;
    // robots-rep compiles the rules on the first check: timed here. The per-URL figures below
    // leave it out: timePerOp's warm-up runs the first check before any sample.
    const firstCheckNs = timePerOp(
      () => (lib.parse(body, origin).isAllowed(urls[0], 'OtherCrawler') ? 1 : 0),
      { samples: 5, sampleMs: 50 },
    ).median;
    const robots = lib.parse(body, origin);
    const perUrl = [];
    let budget = 10_000;
    for (const url of urls) {
      if (lib.name === 'robots-parser') {
        // Its matcher is O(pattern × path) per rule; time single calls within a budget.
        const start = performance.now();
        robots.isAllowed(url, 'OtherCrawler');
        const ms = performance.now() - start;
        perUrl.push(ms * 1e6);
        budget -= ms;
        if (budget < 0 || perUrl.length >= 10) break;
      } else {
        perUrl.push(
          timePerOp(() => (robots.isAllowed(url, 'OtherCrawler') ? 1 : 0), {
            samples: 3,
            sampleMs: 5,
          }).median,
        );
      }
    }
    out.libs[lib.name] = {
      parseNs,
      firstCheckNs,
      checked: perUrl.length,
      medianCheckNs: median(perUrl),
      slowestCheckNs: Math.max(...perUrl),
    };
  }
  return out;
}

/**
 * The hostile-input issue's recipes (500 KiB files, 8 KB URLs): parse + first check, and the
 * slowest single later check, with the work it counted (`workBudget` units). robots-rep only:
 * robots-parser takes seconds per check on them.
 */
function benchHostile() {
  return makeHostileCases().map(({ name, body, url }) => {
    log(`hostile: ${name}`);
    const firstCheckNs = timePerOp(() => (parseRobotsTxt(body).isAllowed(url, 'bot') ? 1 : 0), {
      samples: 5,
      sampleMs: 50,
    });
    const robots = parseRobotsTxt(body);
    robots.isAllowed(url, 'bot');
    const checkNs = timePerOp(() => (robots.isAllowed(url, 'bot') ? 1 : 0), {
      samples: 5,
      sampleMs: 20,
    });
    robots.isAllowed(url, 'bot');
    return {
      name,
      bytes: body.length,
      urlBytes: url.length,
      firstCheckNs,
      checkNs,
      work: lastCheckWork(),
    };
  });
}

/**
 * Retained memory per origin through the client: `origins` origins, each serving `text`, each
 * checked once (the client keeps each parsed file and what its check compiled).
 */
const kept = [];

async function clientMemory(text, origins) {
  const bytes = new Uint8Array(Buffer.from(text));
  const client = createRobotsClient({
    maxOrigins: origins * 2,
    fetch: async () => new Response(bytes, { status: 200 }),
  });
  // One origin first, so that what every client allocates once is not counted.
  await client.isAllowed('https://warm.example/', 'ExampleBot');
  collect();
  const before = used();
  for (let i = 0; i < origins; i++)
    await client.isAllowed(`https://o${i}.example/compare/`, 'ExampleBot');
  collect();
  const perOrigin = (used() - before) / origins;
  // The client (and all it keeps) stays reachable until measured.
  kept.push(client);
  kept.length = 0;
  return { origins, bytes: bytes.length, perOrigin };
}

async function benchClient(files) {
  const out = [];
  for (const [label, text, origins] of [
    ['typical-robots.txt', files.typical, 2000],
    ['large-robots.txt', files.large, 100],
  ]) {
    log(`client memory: ${label}`);
    out.push({ label, ...(await clientMemory(text, origins)) });
  }
  return out;
}

const loaded = loadBenchFiles(shared);
results.bench = benchFiles(loaded);
const corpus = benchCorpus(loaded.urls);
results.corpus = corpus.out;
results.memory = benchMemory(corpus.files, loaded.files);
results.client = await benchClient(loaded.files);
results.worst = benchWorst();
results.hostile = benchHostile();
results.maxRssBytes = process.resourceUsage().maxRSS * 1024;
results.seconds = (performance.now() - started) / 1000;

const [rp, rr] = LIBS.map((l) => l.name);
const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}×`;

console.log(
  `\nrobots-rep vs robots-parser — ${results.cpu}, ${results.cores} cores, Node ${results.node}; each figure the median (min–max) of 15 samples, the two libraries sampled in turn\n`,
);
const benchRows = [];
for (const row of results.bench) {
  // One table row: the two libraries' figures for one operation, and the speed-up (of the
  // medians); the file is named on its first row.
  let file = `${row.file} (${formatBytes(row.bytes)})`;
  const timed = (operation, pick) => {
    const [a, b] = [pick(row[rp]), pick(row[rr])];
    benchRows.push([file, operation, formatStats(a), formatStats(b), ratio(a.median, b.median)]);
    file = '';
  };
  timed('parse, string', (lib) => lib.parseNs);
  timed('parse, bytes', (lib) => lib.parseBytesNs);
  for (const agent of AGENTS) {
    for (const source of ['string', 'bytes']) {
      timed(`parse + first check, ${agent}, ${source}`, (lib) => lib.firstCheckNs[agent][source]);
    }
  }
  timed('parse + read the model (groups, lines)', (lib) => lib.modelNs);
  timed(
    `parse + one check per agent (${row.agentsChecked}: every group set)`,
    (lib) => lib.everyAgentNs,
  );
  for (const agent of AGENTS) timed(`check / URL, ${agent}`, (lib) => lib.checkNs[agent]);
}
printTable(['file', 'operation', rp, rr, 'speed-up'], benchRows);

const c = results.corpus;
console.log(
  `Corpus: ${c.files} files (${formatBytes(c.bytes)}), ${c.checks} checks (${c.realUrls} real site URLs), agent ${CORPUS_AGENT}; median of 3 runs. Files that threw: ${rp} ${c.libs[rp].parseFailures}, ${rr} ${c.libs[rr].parseFailures}.`,
);
const perFile = (lib) => (c.libs[lib].totalMs * 1e6) / c.files;
printTable(
  ['corpus', rp, rr, 'ratio'],
  [
    [
      'parse + 100 checks per file, total',
      `${c.libs[rp].totalMs.toFixed(0)} ms`,
      `${c.libs[rr].totalMs.toFixed(0)} ms`,
      ratio(c.libs[rp].totalMs, c.libs[rr].totalMs),
    ],
    ['per file', formatNs(perFile(rp)), formatNs(perFile(rr)), ''],
    [
      'retained heap per file, all files kept parsed',
      formatBytes(c.libs[rp].retainedAll / c.files),
      formatBytes(c.libs[rr].retainedAll / c.files),
      '',
    ],
    [
      'retained heap ÷ body bytes',
      `${c.libs[rp].retainedPerByte.toFixed(1)}×`,
      `${c.libs[rr].retainedPerByte.toFixed(1)}×`,
      '',
    ],
    [
      'peak heap growth during the run',
      formatBytes(c.libs[rp].peakHeapDelta),
      formatBytes(c.libs[rr].peakHeapDelta),
      '',
    ],
  ],
);

printTable(
  ['retained memory of one file', 'size', `${rp}, parsed`, `${rr}, parsed`, `${rr}, checked`],
  results.memory.map((m) => [
    `${m.label}${m.file === '-' ? '' : ` (${m.file})`}`,
    formatBytes(m.bytes),
    `${formatBytes(m[rp].bytes)} (${m[rp].ratio.toFixed(1)}×)`,
    `${formatBytes(m[rr].bytes)} (${m[rr].ratio.toFixed(1)}×)`,
    `${formatBytes(m[rr].checkedBytes)} (${m[rr].checkedRatio.toFixed(1)}×)`,
  ]),
);

printTable(
  ['retained memory per origin, through the client (one check each)', 'size', rr],
  results.client.map((m) => [
    `${m.label} × ${m.origins} origins`,
    formatBytes(m.bytes),
    `${formatBytes(m.perOrigin)} (${(m.perOrigin / m.bytes).toFixed(1)}×)`,
  ]),
);

const w = results.worst;
console.log(
  `Worst case: ${formatBytes(w.bytes)} of wildcard-heavy patterns, ${w.urlBytes}-byte URLs (robots-parser: first ${w.libs[rp].checked} URLs only).`,
);
printTable(
  ['worst case', rp, rr],
  [
    ['parse', formatNs(w.libs[rp].parseNs), formatNs(w.libs[rr].parseNs)],
    ['parse + first check', formatNs(w.libs[rp].firstCheckNs), formatNs(w.libs[rr].firstCheckNs)],
    ['check, median', formatNs(w.libs[rp].medianCheckNs), formatNs(w.libs[rr].medianCheckNs)],
    [
      'check, slowest single URL',
      formatNs(w.libs[rp].slowestCheckNs),
      formatNs(w.libs[rr].slowestCheckNs),
    ],
  ],
);
printTable(
  ['hostile input (issue #12)', 'size', 'parse + first check', 'check', 'work of a check'],
  results.hostile.map((h) => [
    `${h.name}, ${formatBytes(h.urlBytes)} URL`,
    formatBytes(h.bytes),
    formatStats(h.firstCheckNs),
    formatStats(h.checkNs),
    String(h.work),
  ]),
);

const large = results.bench.find((r) => r.file === 'large');
const typical = results.bench.find((r) => r.file === 'typical');
const targets = [];
const target = (name, ok, value) => targets.push({ name, met: ok, value });
for (const [label, row] of [
  ['large', large],
  ['typical', typical],
]) {
  for (const agent of AGENTS) {
    for (const source of ['string', 'bytes']) {
      const [a, b] = [row[rp], row[rr]].map((lib) => lib.firstCheckNs[agent][source].median);
      target(
        `${label} parse + first check ≥ 5.5× robots-parser (${agent}, ${source})`,
        a / b >= 5.5,
        ratio(a, b),
      );
    }
  }
}
for (const agent of AGENTS) {
  const [la, lb] = [large[rp], large[rr]].map((lib) => lib.checkNs[agent].median);
  target(`large check ≥ 100× robots-parser (${agent})`, la / lb >= 100, ratio(la, lb));
  const [ta, tb] = [typical[rp], typical[rr]].map((lib) => lib.checkNs[agent].median);
  target(`typical check ≥ 12× robots-parser (${agent})`, ta / tb >= 12, ratio(ta, tb));
}
target(
  'corpus: parse + 100 checks per file ≥ 6× robots-parser',
  c.libs[rp].totalMs / c.libs[rr].totalMs >= 6,
  ratio(c.libs[rp].totalMs, c.libs[rr].totalMs),
);
for (const h of results.hostile) {
  target(`hostile: ${h.name}, a check ≤ 2 ms`, h.checkNs.median <= 2e6, formatNs(h.checkNs.median));
}
const worstRatio = results.memory.reduce((m, r) => Math.max(m, r[rr].checkedRatio), 0);
target(
  'memory of a checked file ≤ 10× its size (all rows)',
  worstRatio <= 10,
  `${worstRatio.toFixed(1)}×`,
);
const corpusRatio = results.corpus.libs[rr].retainedPerByte;
target('corpus retained ≤ 10× its bytes', corpusRatio <= 10, `${corpusRatio.toFixed(1)}×`);
results.targets = targets;
printTable(
  ['target', 'value', 'met'],
  targets.map((t) => [t.name, t.value, t.met ? 'yes' : 'NO']),
);
console.log(
  `Max RSS ${formatBytes(results.maxRssBytes)}; ${results.seconds.toFixed(0)} s in all${results.gcExposed ? '' : ' (run with --expose-gc for exact memory figures)'}; sink ${sinkValue() % 10}.`,
);

const dir = join(root, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const json = `${JSON.stringify(results, null, 2)}\n`;
writeFileSync(join(dir, `bench-${results.date.replaceAll(':', '-')}.json`), json);
writeFileSync(join(dir, 'latest.json'), json);
log(`wrote bench/results/latest.json`);
