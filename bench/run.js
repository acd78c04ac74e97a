/**
 * `npm run bench`: robots-parser and robots-rep side by side in one process. Parse, parse + first
 * check (from strings and bytes) and check timings on the shared bench files, a run over the
 * whole real-world corpus, retained memory per parsed file, and a generated worst case
 * (bench/hostile.js follows with the hostile-input recipes and memory per origin). Prints
 * Markdown tables and writes JSON to bench/results/. Set ROBOTS_REP_SHARED to point at another
 * copy of the shared directory.
 * Run with `node --expose-gc` so that the memory figures are exact.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import robotsParserModule from 'robots-parser';
import { parseRobotsTxt, reportRobotsTxt } from '../dist/index.js';
import { benchFleet } from './fleet.js';
import { loadBenchFiles, loadCorpus, makeWorstCase } from './inputs.js';
import {
  clock,
  collect,
  formatBytes,
  formatNs,
  formatStats,
  median,
  printTable,
  sinkValue,
  statsSideBySide,
  timePerOp,
  timeSideBySide,
} from './timing.js';
import { benchUsage } from './usage.js';

/**
 * @typedef {import('./inputs.js').CorpusFile} CorpusFile
 * @typedef {import('./inputs.js').BenchFiles} BenchFiles
 * @typedef {import('../dist/index.js').RobotsTxt} RobotsTxt
 * @typedef {import('./timing.js').Stats} Stats
 */

/**
 * What both libraries' parsed files answer.
 * @typedef {{ isAllowed(url: string, agent: string): boolean | undefined }} Checkable
 */

/**
 * One library behind one shape.
 * @typedef {object} Lib
 * @property {string} name
 * @property {(text: string, origin: string) => Checkable} parse parse a string body
 * @property {(bytes: Uint8Array, origin: string) => Checkable} parseBytes parse a body of bytes
 * @property {(robots: Checkable) => boolean} readModel read the whole model of a parsed file
 * @property {(robots: Checkable | null, urls: readonly string[], agent: string) => number} checkAll
 *   check every URL, count the allowed
 * @property {(file: CorpusFile) => Checkable | null} parseFile parse a corpus file (null: threw)
 * @property {(file: CorpusFile) => Checkable | null} copy parse a copy to keep
 */

/**
 * robots-parser's types declare an ES default export; the CommonJS module is the function.
 * @type {(url: string, body: string) => Checkable}
 */
const robotsParser = /** @type {any} */ (robotsParserModule);

/**
 * UTF-8 bytes as a string, the fastest way Node has (no copy): what a robots-parser user does
 * with a body fetched as bytes.
 * @param {Uint8Array} bytes
 */
const utf8 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, process.env['ROBOTS_REP_SHARED'] ?? '../shared');
const AGENTS = ['ExampleBot', 'OtherCrawler'];
const CORPUS_AGENT = 'Googlebot';

/**
 * The two libraries behind one shape: parse a string body, parse bytes, check one URL.
 * @type {Lib[]}
 */
const LIBS = [
  {
    name: 'robots-parser',
    parse: (text, origin) => robotsParser(`${origin}/robots.txt`, text),
    // robots-parser takes only strings: from bytes, it is timed with the decoding.
    parseBytes: (bytes, origin) => robotsParser(`${origin}/robots.txt`, utf8(bytes)),
    // robots-parser's model is built by its parse.
    readModel: (robots) => robots !== null,
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
    readModel: (robots) => {
      const parsed = /** @type {RobotsTxt} */ (robots);
      return parsed.groups.length + parsed.lines.length >= 0;
    },
    // robots-rep reads the raw bytes, as a fetcher hands them over (conversion is timed).
    checkAll: makeCheckAll(),
    parseFile: (file) => parseRobotsTxt(file.bytes),
    copy: (file) => parseRobotsTxt(file.bytes),
  },
];

let parseFailures = 0;

/**
 * @param {() => Checkable} parse
 * @returns {Checkable | null}
 */
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
 * @returns {Lib['checkAll']}
 */
function makeCheckAll() {
  return /** @type {Lib['checkAll']} */ (
    new Function(
      'robots',
      'urls',
      'agent',
      `if (robots === null) return 0;
    let allowed = 0;
    for (let i = 0; i < urls.length; i++) if (robots.isAllowed(urls[i], agent)) allowed++;
    return allowed;`,
    )
  );
}

/**
 * One library's timings on one bench file, in nanoseconds.
 * @typedef {object} LibTimes
 * @property {Stats} parseNs from a string
 * @property {Stats} parseBytesNs from bytes
 * @property {Record<string, { string: Stats, bytes: Stats }>} firstCheckNs parse + first check,
 *   per agent, from a string and from bytes
 * @property {Stats} everyAgentNs
 * @property {Stats} modelNs
 * @property {Record<string, Stats>} checkNs per agent, per URL
 */

/**
 * @typedef {object} BenchRow
 * @property {string} file
 * @property {number} bytes
 * @property {number} urls
 * @property {number} agentsChecked
 * @property {Record<string, LibTimes>} libs by library name
 * @property {Record<string, number>} verdictDifferences per agent
 */

/**
 * @typedef {object} CorpusLib
 * @property {number} allowed
 * @property {number} parseFailures
 * @property {number} totalMs median of the runs after the first
 * @property {number} afterCollectionMs the first run, right after a full collection
 * @property {number} peakHeapDelta
 * @property {number} retainedAll
 * @property {number} retainedPerByte
 * @property {number} kept
 */

/**
 * @typedef {object} CorpusResult
 * @property {number} files
 * @property {number} bytes
 * @property {number} checks
 * @property {number} realUrls
 * @property {Record<string, CorpusLib>} libs
 */

/**
 * @typedef {object} MemoryRow
 * @property {string} label
 * @property {string} file
 * @property {number} bytes
 * @property {Record<string, { bytes: number, ratio: number, checkedBytes: number, checkedRatio: number }>} libs
 */

/**
 * @typedef {object} WorstLib
 * @property {number} parseNs
 * @property {number} firstCheckNs
 * @property {number} checked
 * @property {number} medianCheckNs
 * @property {number} slowestCheckNs
 */

/**
 * @typedef {object} WorstResult
 * @property {number} bytes
 * @property {number} urls
 * @property {number} urlBytes
 * @property {Record<string, WorstLib>} libs
 */

/**
 * Google's per-line report (robots-rep's reportRobotsTxt) beside a parse, for scale.
 * @typedef {object} ReportResult
 * @property {{ file: string, bytes: number, lines: number, reportNs: number, parseNs: number, robotsParserNs: number }[]} bench
 * @property {{ files: number, bytes: number, lines: number, totalMs: number }} corpus
 */

/** @typedef {{ name: string, met: boolean, value: string }} Target */

/**
 * @typedef {object} Results
 * @property {string} date
 * @property {string} node
 * @property {string} cpu
 * @property {number} cores
 * @property {boolean} gcExposed
 * @property {BenchRow[]} [bench]
 * @property {CorpusResult} [corpus]
 * @property {MemoryRow[]} [memory]
 * @property {WorstResult} [worst]
 * @property {import('./usage.js').UsageRow[]} [usage]
 * @property {ReportResult} [report]
 * @property {import('./fleet.js').FleetResult} [fleet]
 * @property {number} [maxRssBytes]
 * @property {number} [seconds]
 * @property {Target[]} [targets]
 */

const started = performance.now();
/** @type {Results} */
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
/** @param {string} message */
const log = (message) =>
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(1)}s ${message}\n`);

/**
 * Runs what the bench-file rows time (parse, model, checks) on every bench file, for both
 * libraries, before any of them is timed, so that no row pays for the engine re-optimising code
 * first optimised for another file:
 * in one run without it, the typical file's parse row came out 40% slower than the next row
 * (which also parses it).
 * @param {BenchFiles} bench
 * @returns {number}
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
          sink += lib.parseBytes(bytes, origin).isAllowed(warmUrls[0] ?? '', agent) ? 1 : 0;
        }
      }
    }
  }
  return sink;
}

/**
 * The side-by-side rows of the shared bench files.
 * @param {BenchFiles} bench
 * @returns {BenchRow[]}
 */
function benchFiles({ files, origin, urls }) {
  log('bench: warm-up');
  warmUp({ files, origin, urls });
  /** @type {BenchRow[]} */
  const rows = [];
  const firstUrl = /** @type {string} */ (urls[0]);
  for (const [fileName, text] of Object.entries(files)) {
    const everyAgent = agentsNamedIn(text);
    /** @type {BenchRow} */
    const row = {
      file: fileName,
      bytes: Buffer.byteLength(text),
      urls: urls.length,
      agentsChecked: everyAgent.length,
      libs: {},
      verdictDifferences: {},
    };
    const bytes = new Uint8Array(Buffer.from(text));
    log(`bench ${fileName}: parse`);
    const parseNs = statsSideBySide(
      LIBS.map((lib) => () => (lib.parse(text, origin) ? 1 : 0)),
      { samples: 15 },
    );
    const parseBytesNs = statsSideBySide(
      LIBS.map((lib) => () => (lib.parseBytes(bytes, origin) ? 1 : 0)),
      { samples: 15 },
    );
    // Parse and read the whole model: robots-rep builds it on first access, robots-parser at
    // parse time (its parse is timed again).
    const modelNs = statsSideBySide(
      LIBS.map((lib) => () => (lib.readModel(lib.parse(text, origin)) ? 1 : 0)),
      { samples: 15 },
    );
    // Parse and answer one URL (on the file's own host: robots-parser answers other hosts
    // without work), from a string and from bytes, as each agent: includes any matcher work
    // done on first use.
    /** @type {Record<string, { string: Stats[], bytes: Stats[] }>} */
    const firstCheck = {};
    for (const agent of AGENTS) {
      log(`bench ${fileName}: parse + first check, ${agent}`);
      firstCheck[agent] = {
        string: statsSideBySide(
          LIBS.map((lib) => () => (lib.parse(text, origin).isAllowed(firstUrl, agent) ? 1 : 0)),
          { samples: 15 },
        ),
        bytes: statsSideBySide(
          LIBS.map(
            (lib) => () => (lib.parseBytes(bytes, origin).isAllowed(firstUrl, agent) ? 1 : 0),
          ),
          { samples: 15 },
        ),
      };
    }
    // Parse and answer one URL for every agent the file names, and one it does not: every group
    // set compiled (robots-rep compiles an agent's rules on its first check).
    const everyAgentNs = statsSideBySide(
      LIBS.map((lib) => () => {
        const robots = lib.parse(text, origin);
        let allowed = 0;
        for (const agent of everyAgent) if (robots.isAllowed(firstUrl, agent)) allowed++;
        return allowed;
      }),
      { samples: 15 },
    );
    const parsed = LIBS.map((lib) => lib.parse(text, origin));
    /** @type {Record<string, Stats[]>} */
    const check = {};
    for (const agent of AGENTS) {
      log(`bench ${fileName}: check ${agent}`);
      check[agent] = statsSideBySide(
        parsed.map((robots, i) => () => /** @type {Lib} */ (LIBS[i]).checkAll(robots, urls, agent)),
        { opsPerRun: urls.length, samples: 9, sampleMs: 40 },
      );
    }
    /** @param {Stats[]} list @param {number} i */
    const at = (list, i) => /** @type {Stats} */ (list[i]);
    LIBS.forEach((lib, i) => {
      row.libs[lib.name] = {
        parseNs: at(parseNs, i),
        parseBytesNs: at(parseBytesNs, i),
        firstCheckNs: Object.fromEntries(
          AGENTS.map((agent) => {
            const times = /** @type {{ string: Stats[], bytes: Stats[] }} */ (firstCheck[agent]);
            return [agent, { string: at(times.string, i), bytes: at(times.bytes, i) }];
          }),
        ),
        everyAgentNs: at(everyAgentNs, i),
        modelNs: at(modelNs, i),
        checkNs: Object.fromEntries(
          AGENTS.map((agent) => [agent, at(/** @type {Stats[]} */ (check[agent]), i)]),
        ),
      };
    });
    // Informational: how often the two libraries' verdicts differ (robots-parser is not a
    // reference implementation; robots-rep is checked against Google's in the test suite).
    const [a, b] = /** @type {[Checkable, Checkable]} */ (parsed);
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

/**
 * The product tokens of a file's `User-agent` lines, once each, and `OtherCrawler` for `*`.
 * @param {string} text
 * @returns {string[]}
 */
function agentsNamedIn(text) {
  const tokens = [...text.matchAll(/^\s*user-agent\s*:\s*([A-Za-z_-]+)/gim)].map(
    (m) => /** @type {string} */ (m[1]),
  );
  return [...new Set(tokens.map((t) => t.toLowerCase())), 'OtherCrawler'];
}

/**
 * Parse and check every corpus file, per library; then keep them all parsed.
 * @param {readonly string[]} benchUrls
 * @returns {{ out: CorpusResult, files: CorpusFile[] }}
 */
function benchCorpus(benchUrls) {
  log('corpus: loading');
  const { files, realUrls } = loadCorpus(shared, benchUrls);
  const totalBytes = files.reduce((n, f) => n + f.bytes.length, 0);
  const checks = files.reduce((n, f) => n + f.urls.length, 0);
  /** @type {CorpusResult} */
  const out = { files: files.length, bytes: totalBytes, checks, realUrls, libs: {} };
  for (const lib of LIBS) {
    log(`corpus: ${lib.name}`);
    /** @type {number[]} */
    const times = [];
    let peakHeap = 0;
    let failures = 0;
    let allowed = 0;
    // Run 0 starts after a full collection, which also measures the heap from a clean base;
    // runs 1–3, timed as the total, follow without one. A forced collection finds no instance
    // of the classes a parse and its checks make (every file was dropped), lets their hidden
    // classes go, and so deoptimises the code compiled for them: the run after it re-optimises
    // as it goes (robots-rep's first eighth of the corpus several times slower than later),
    // which measures the engine warming up again rather than the libraries, as the other
    // figures of this bench (warmed up first) do not.
    let afterCollection = 0;
    for (let run = 0; run < 4; run++) {
      if (run === 0) collect();
      const base = used();
      // The samples' clock (the process's CPU time by default), as the other figures.
      const start = clock();
      allowed = 0;
      for (let i = 0; i < files.length; i++) {
        const file = /** @type {CorpusFile} */ (files[i]);
        const robots = lib.parseFile(file);
        allowed += lib.checkAll(robots, file.urls, CORPUS_AGENT);
        // Sampling the heap costs ~1 µs; every 64 files is negligible against the work.
        if (run === 0 && (i & 63) === 0) {
          peakHeap = Math.max(peakHeap, used() - base);
        }
      }
      const elapsed = clock() - start;
      if (run === 0) afterCollection = elapsed;
      else times.push(elapsed);
      if (run === 0) failures = parseFailures;
      parseFailures = 0;
    }
    // Retained memory of all files parsed and kept at once (as an SEO tool holding a crawl).
    collect();
    const before = used();
    const kept = files.map((f) => lib.copy(f));
    collect();
    const retained = used() - before;
    out.libs[lib.name] = {
      allowed,
      parseFailures: failures,
      totalMs: median(times),
      afterCollectionMs: afterCollection,
      peakHeapDelta: peakHeap,
      retainedAll: retained,
      retainedPerByte: retained / totalBytes,
      kept: kept.length,
    };
  }
  return { out, files };
}

/**
 * Retained heap of one parsed file, measured over many parsed copies of it.
 * @param {Lib} lib
 * @param {CorpusFile} file
 * @param {boolean} check also check one URL of each copy
 * @returns {number}
 */
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

/**
 * Retained memory of one file of several sizes, parsed and checked.
 * @param {readonly CorpusFile[]} corpusFiles
 * @param {BenchFiles['files']} benchText
 * @returns {MemoryRow[]}
 */
function benchMemory(corpusFiles, benchText) {
  const bySize = [...corpusFiles].filter((f) => f.bytes.length > 0);
  bySize.sort((a, b) => a.bytes.length - b.bytes.length);
  /** @param {number} q */
  const at = (q) =>
    /** @type {CorpusFile} */ (bySize[Math.min(bySize.length - 1, Math.floor(q * bySize.length))]);
  /** @type {[string, CorpusFile][]} */
  const picks = [
    ['corpus p10', at(0.1)],
    ['corpus median', at(0.5)],
    ['corpus p90', at(0.9)],
    ['corpus p99', at(0.99)],
    ['typical-robots.txt', toFile(benchText.typical)],
    ['large-robots.txt', toFile(benchText.large)],
  ];
  return picks.map(([label, file]) => {
    /** @type {MemoryRow} */
    const row = { label, file: file.name, bytes: file.bytes.length, libs: {} };
    for (const lib of LIBS) {
      log(`memory ${label}: ${lib.name}`);
      const perCopy = retainedPerCopy(lib, file, false);
      const checked = retainedPerCopy(lib, file, true);
      row.libs[lib.name] = {
        bytes: perCopy,
        ratio: perCopy / file.bytes.length,
        checkedBytes: checked,
        checkedRatio: checked / file.bytes.length,
      };
    }
    return row;
  });
}

/**
 * A bench file as a corpus file (no URLs).
 * @param {string} text
 * @returns {CorpusFile}
 */
function toFile(text) {
  const bytes = new Uint8Array(Buffer.from(text));
  return { name: '-', bytes, text, origin: 'https://www.example.com', urls: [] };
}

/**
 * The generated worst case, per library.
 * @returns {WorstResult}
 */
function benchWorst() {
  const { body, origin, urls } = makeWorstCase();
  const firstUrl = /** @type {string} */ (urls[0]);
  /** @type {WorstResult} */
  const out = { bytes: body.length, urls: urls.length, urlBytes: firstUrl.length, libs: {} };
  for (const lib of LIBS) {
    log(`worst case: ${lib.name}`);
    const parseNs = timePerOp(() => (lib.parse(body, origin) ? 1 : 0), {
      samples: 5,
      sampleMs: 50,
    });
    // robots-rep compiles the rules on the first check: timed here. The per-URL figures below
    // leave it out: timePerOp's warm-up runs the first check before any sample.
    const firstCheckNs = timePerOp(
      () => (lib.parse(body, origin).isAllowed(firstUrl, 'OtherCrawler') ? 1 : 0),
      { samples: 5, sampleMs: 50 },
    );
    const robots = lib.parse(body, origin);
    /** @type {number[]} */
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
          }),
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
 * Google's per-line report of the bench files and of the whole corpus, beside robots-rep's and
 * robots-parser's parse of the same text for scale (neither parse makes a report).
 * @param {BenchFiles} bench
 * @param {readonly CorpusFile[]} corpusFiles
 * @returns {ReportResult}
 */
function benchReport({ files, origin }, corpusFiles) {
  const [rp, rr] = /** @type {[Lib, Lib]} */ (LIBS);
  const rows = Object.entries(files).map(([file, text]) => {
    log(`report ${file}`);
    const [reportNs, parseNs, robotsParserNs] = /** @type {[number, number, number]} */ (
      timeSideBySide(
        [
          () => reportRobotsTxt(text).lastLine,
          () => (rr.parse(text, origin) ? 1 : 0),
          () => (rp.parse(text, origin) ? 1 : 0),
        ],
        { samples: 15 },
      )
    );
    const lines = reportRobotsTxt(text).lastLine;
    return { file, bytes: Buffer.byteLength(text), lines, reportNs, parseNs, robotsParserNs };
  });
  log('report: corpus');
  /** @type {number[]} */
  const times = [];
  let lines = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    lines = 0;
    for (const file of corpusFiles) lines += reportRobotsTxt(file.bytes).lastLine;
    times.push(performance.now() - start);
  }
  const bytes = corpusFiles.reduce((n, f) => n + f.bytes.length, 0);
  return {
    bench: rows,
    corpus: { files: corpusFiles.length, bytes, lines, totalMs: median(times) },
  };
}

const loaded = loadBenchFiles(shared);
const bench = benchFiles(loaded);
results.bench = bench;
const corpus = benchCorpus(loaded.urls);
const c = corpus.out;
results.corpus = c;
const memory = benchMemory(corpus.files, loaded.files);
results.memory = memory;
const w = benchWorst();
results.worst = w;
const usage = benchUsage(loaded);
results.usage = usage;
const report = benchReport(loaded, corpus.files);
results.report = report;
results.maxRssBytes = process.resourceUsage().maxRSS * 1024;
results.seconds = (performance.now() - started) / 1000;

const [rp, rr] = /** @type {[string, string]} */ (LIBS.map((l) => l.name));
/**
 * @param {number} slow
 * @param {number} fast
 */
const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}×`;
/**
 * A library's entry of a `libs` record (every library has one).
 * @template T
 * @param {Record<string, T>} libs
 * @param {string} name
 * @returns {T}
 */
const of = (libs, name) => /** @type {T} */ (libs[name]);

console.log(
  `\nrobots-rep vs robots-parser — ${results.cpu}, ${results.cores} cores, Node ${results.node}; each timing is the median (min–max) of its samples, the two libraries sampled in turn\n`,
);
/** @type {string[][]} */
const benchRows = [];
for (const row of bench) {
  // One table row: the two libraries' timings for one operation, and the speed-up (of the
  // medians); the file is named on its first row.
  let file = `${row.file} (${formatBytes(row.bytes)})`;
  /**
   * @param {string} operation
   * @param {(lib: LibTimes) => Stats | undefined} pick
   */
  const timed = (operation, pick) => {
    const a = /** @type {Stats} */ (pick(of(row.libs, rp)));
    const b = /** @type {Stats} */ (pick(of(row.libs, rr)));
    benchRows.push([file, operation, formatStats(a), formatStats(b), ratio(a.median, b.median)]);
    file = '';
  };
  timed('parse, string', (lib) => lib.parseNs);
  timed('parse, bytes', (lib) => lib.parseBytesNs);
  for (const agent of AGENTS) {
    timed(`parse + first check, ${agent}, string`, (lib) => lib.firstCheckNs[agent]?.string);
    timed(`parse + first check, ${agent}, bytes`, (lib) => lib.firstCheckNs[agent]?.bytes);
  }
  timed('parse + read the model (groups, lines)', (lib) => lib.modelNs);
  timed(
    `parse + one check per agent (${row.agentsChecked}: every group set)`,
    (lib) => lib.everyAgentNs,
  );
  for (const agent of AGENTS) timed(`check / URL, ${agent}`, (lib) => lib.checkNs[agent]);
}
printTable(['file', 'operation', rp, rr, 'speed-up'], benchRows);

const [crp, crr] = [of(c.libs, rp), of(c.libs, rr)];
console.log(
  `Corpus: ${c.files} files (${formatBytes(c.bytes)}), ${c.checks} checks (${c.realUrls} real site URLs), agent ${CORPUS_AGENT}; median of 3 runs after a first one. Files that threw: ${rp} ${crp.parseFailures}, ${rr} ${crr.parseFailures}.`,
);
printTable(
  ['corpus', rp, rr, 'ratio'],
  [
    [
      'parse + 100 checks per file, total',
      `${crp.totalMs.toFixed(0)} ms`,
      `${crr.totalMs.toFixed(0)} ms`,
      ratio(crp.totalMs, crr.totalMs),
    ],
    [
      'the same, first run after a full collection',
      `${crp.afterCollectionMs.toFixed(0)} ms`,
      `${crr.afterCollectionMs.toFixed(0)} ms`,
      ratio(crp.afterCollectionMs, crr.afterCollectionMs),
    ],
    [
      'per file',
      formatNs((crp.totalMs * 1e6) / c.files),
      formatNs((crr.totalMs * 1e6) / c.files),
      '',
    ],
    [
      'retained heap per file, all files kept parsed',
      formatBytes(crp.retainedAll / c.files),
      formatBytes(crr.retainedAll / c.files),
      '',
    ],
    [
      'peak heap growth during the run',
      formatBytes(crp.peakHeapDelta),
      formatBytes(crr.peakHeapDelta),
      '',
    ],
    [
      'retained heap ÷ body bytes',
      `${crp.retainedPerByte.toFixed(1)}×`,
      `${crr.retainedPerByte.toFixed(1)}×`,
      '',
    ],
  ],
);

printTable(
  ['retained memory of one file', 'size', `${rp}, parsed`, `${rr}, parsed`, `${rr}, checked`],
  memory.map((m) => {
    const [a, b] = [of(m.libs, rp), of(m.libs, rr)];
    return [
      `${m.label}${m.file === '-' ? '' : ` (${m.file})`}`,
      formatBytes(m.bytes),
      `${formatBytes(a.bytes)} (${a.ratio.toFixed(1)}×)`,
      `${formatBytes(b.bytes)} (${b.ratio.toFixed(1)}×)`,
      `${formatBytes(b.checkedBytes)} (${b.checkedRatio.toFixed(1)}×)`,
    ];
  }),
);

const [wrp, wrr] = [of(w.libs, rp), of(w.libs, rr)];
console.log(
  `Worst case: ${formatBytes(w.bytes)} of wildcard-heavy patterns, ${w.urlBytes}-byte URLs (robots-parser: first ${wrp.checked} URLs only).`,
);
printTable(
  ['worst case', rp, rr],
  [
    ['parse', formatNs(wrp.parseNs), formatNs(wrr.parseNs)],
    ['parse + first check', formatNs(wrp.firstCheckNs), formatNs(wrr.firstCheckNs)],
    ['check, median', formatNs(wrp.medianCheckNs), formatNs(wrr.medianCheckNs)],
    ['check, slowest single URL', formatNs(wrp.slowestCheckNs), formatNs(wrr.slowestCheckNs)],
  ],
);

console.log(
  `Google's per-line report (reportRobotsTxt), beside a parse of the same text for scale; corpus: ${report.corpus.files} files, ${report.corpus.lines} lines, median of 3 runs.`,
);
printTable(
  ['report', 'lines', 'reportRobotsTxt', `${rr} parse`, `${rp} parse`],
  [
    ...report.bench.map((r) => [
      `${r.file} (${formatBytes(r.bytes)})`,
      String(r.lines),
      formatNs(r.reportNs),
      formatNs(r.parseNs),
      formatNs(r.robotsParserNs),
    ]),
    [
      `corpus (${formatBytes(report.corpus.bytes)}), total`,
      String(report.corpus.lines),
      `${report.corpus.totalMs.toFixed(0)} ms`,
      '',
      '',
    ],
  ],
);

console.log(
  'AI usage preferences: usage(robots, url, agent) per URL (OtherCrawler, the * groups), beside the access check it builds on; robots-parser reads neither line.',
);
printTable(
  [
    'file',
    'preference lines',
    `${rp} check`,
    `${rr} check`,
    `${rr} explain`,
    `${rr} usage`,
    `${rr} parse`,
    `${rr} parse + first usage`,
  ],
  usage.map((u) => [
    `${u.file} (${formatBytes(u.bytes)})`,
    u.usageLines,
    formatNs(u.parserCheckNs),
    formatNs(u.checkNs),
    formatNs(u.explainNs),
    formatNs(u.usageNs),
    formatNs(u.parseNs),
    formatNs(u.parseFirstUsageNs),
  ]),
);

const large = /** @type {BenchRow} */ (bench.find((r) => r.file === 'large'));
const typical = /** @type {BenchRow} */ (bench.find((r) => r.file === 'typical'));
const [lrp, lrr, trp, trr] = [
  of(large.libs, rp),
  of(large.libs, rr),
  of(typical.libs, rp),
  of(typical.libs, rr),
];
/** @type {Target[]} */
const targets = [];
/**
 * @param {string} name
 * @param {boolean} ok
 * @param {string} value
 */
const target = (name, ok, value) => targets.push({ name, met: ok, value });
for (const [label, rows] of /** @type {[string, [LibTimes, LibTimes]][]} */ ([
  ['large', [lrp, lrr]],
  ['typical', [trp, trr]],
])) {
  for (const agent of AGENTS) {
    for (const source of /** @type {const} */ (['string', 'bytes'])) {
      const [a, b] = rows.map((lib) => lib.firstCheckNs[agent]?.[source].median ?? Number.NaN);
      target(
        `${label} parse + first check ≥ 5.5× robots-parser (${agent}, ${source})`,
        /** @type {number} */ (a) / /** @type {number} */ (b) >= 5.5,
        ratio(/** @type {number} */ (a), /** @type {number} */ (b)),
      );
    }
  }
}
/** @param {LibTimes} lib @param {string} agent */
const checkOf = (lib, agent) => lib.checkNs[agent]?.median ?? Number.NaN;
for (const agent of AGENTS) {
  const [la, lb] = [checkOf(lrp, agent), checkOf(lrr, agent)];
  target(`large check ≥ 100× robots-parser (${agent})`, la / lb >= 100, ratio(la, lb));
  const [ta, tb] = [checkOf(trp, agent), checkOf(trr, agent)];
  target(`typical check ≥ 12× robots-parser (${agent})`, ta / tb >= 12, ratio(ta, tb));
}
target(
  'corpus: parse + 100 checks per file ≥ 6× robots-parser',
  crp.totalMs / crr.totalMs >= 6,
  ratio(crp.totalMs, crr.totalMs),
);
const worstRatio = memory.reduce((m, r) => Math.max(m, of(r.libs, rr).checkedRatio), 0);
target(
  'memory of a checked file ≤ 10× its size (all rows)',
  worstRatio <= 10,
  `${worstRatio.toFixed(1)}×`,
);
const corpusRatio = crr.retainedPerByte;
target('corpus retained ≤ 10× its bytes', corpusRatio <= 10, `${corpusRatio.toFixed(1)}×`);
log('fleet: 4 processes × 50 requests at Crawl-delay 0.2 s (about 40 s)');
const fleet = await benchFleet();
if (fleet === undefined) {
  console.log('Fleet pacing: skipped (redis-server is not installed).\n');
} else {
  results.fleet = fleet;
  printTable(
    [
      'fleet',
      'requests',
      'delay',
      'min gap',
      'median gap',
      'gaps < delay',
      'span',
      'robots.txt fetches',
    ],
    [
      [
        `${fleet.processes} processes`,
        fleet.requests,
        `${fleet.delayMs} ms`,
        `${fleet.minGapMs.toFixed(1)} ms`,
        `${fleet.medianGapMs.toFixed(1)} ms`,
        fleet.shortGaps,
        `${(fleet.spanMs / 1000).toFixed(1)} s`,
        fleet.robotsFetches,
      ],
    ],
  );
  target(
    'fleet: the origin sees gaps ≥ Crawl-delay (4 × 50 at 0.2 s)',
    fleet.minGapMs >= fleet.delayMs,
    `min ${fleet.minGapMs.toFixed(1)} ms`,
  );
}
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
