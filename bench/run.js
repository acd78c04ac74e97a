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
import { parseRobotsTxt } from '../dist/index.js';
import { loadBenchFiles, loadCorpus, makeWorstCase } from './inputs.js';
import {
  collect,
  formatBytes,
  formatNs,
  median,
  printTable,
  sinkValue,
  timePerOp,
  timeSideBySide,
} from './timing.js';
import { benchUsage } from './usage.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, process.env.ROBOTS_REP_SHARED ?? '../shared');
const AGENTS = ['ExampleBot', 'OtherCrawler'];
const CORPUS_AGENT = 'Googlebot';

/** The two libraries behind one shape: parse a string body, parse bytes, check one URL. */
const LIBS = [
  {
    name: 'robots-parser',
    parse: (text, origin) => robotsParser(`${origin}/robots.txt`, text),
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
      for (const lib of LIBS) {
        const robots = lib.parse(text, origin);
        sink += lib.readModel(lib.parse(text, origin)) ? 1 : 0;
        for (const agent of AGENTS) sink += lib.checkAll(robots, warmUrls, agent);
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
    // Parse and answer one URL: includes any matcher structure built on first use.
    const firstCheckNs = timeSideBySide(
      LIBS.map((lib) => () => (lib.parse(text, origin).isAllowed(urls[0], AGENTS[0]) ? 1 : 0)),
      { samples: 15 },
    );
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
        firstCheckNs: firstCheckNs[i],
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
    });
    // robots-rep compiles the rules on the first check: timed here. The per-URL figures below
    // leave it out: timePerOp's warm-up runs the first check before any sample.
    const firstCheckNs = timePerOp(
      () => (lib.parse(body, origin).isAllowed(urls[0], 'OtherCrawler') ? 1 : 0),
      { samples: 5, sampleMs: 50 },
    );
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

const loaded = loadBenchFiles(shared);
results.bench = benchFiles(loaded);
const corpus = benchCorpus(loaded.urls);
results.corpus = corpus.out;
results.memory = benchMemory(corpus.files, loaded.files);
results.worst = benchWorst();
results.usage = benchUsage(loaded);
results.maxRssBytes = process.resourceUsage().maxRSS * 1024;
results.seconds = (performance.now() - started) / 1000;

const [rp, rr] = LIBS.map((l) => l.name);
const ratio = (slow, fast) => `${(slow / fast).toFixed(1)}×`;

console.log(
  `\nrobots-rep vs robots-parser — ${results.cpu}, ${results.cores} cores, Node ${results.node}\n`,
);
const benchRows = [];
for (const row of results.bench) {
  // One table row: the two libraries' medians for one operation, and the speed-up; the file is
  // named on its first row.
  let file = `${row.file} (${formatBytes(row.bytes)})`;
  const timed = (operation, pick) => {
    const [a, b] = [pick(row[rp]), pick(row[rr])];
    benchRows.push([file, operation, formatNs(a), formatNs(b), ratio(a, b)]);
    file = '';
  };
  timed('parse', (lib) => lib.parseNs);
  timed('parse + read the model (groups, lines)', (lib) => lib.modelNs);
  timed(`parse + first check (${AGENTS[0]})`, (lib) => lib.firstCheckNs);
  timed(
    `parse + one check per agent (${row.agentsChecked}: every group set)`,
    (lib) => lib.everyAgentNs,
  );
  for (const agent of AGENTS) timed(`check / URL, ${agent}`, (lib) => lib.checkNs[agent]);
}
printTable(['file', 'operation (median)', rp, rr, 'speed-up'], benchRows);

const c = results.corpus;
console.log(
  `Corpus: ${c.files} files (${formatBytes(c.bytes)}), ${c.checks} checks (${c.realUrls} real site URLs), agent ${CORPUS_AGENT}; median of 3 runs. Files that threw: ${rp} ${c.libs[rp].parseFailures}, ${rr} ${c.libs[rr].parseFailures}.`,
);
printTable(
  ['corpus', rp, rr, 'ratio'],
  [
    [
      'parse + 100 checks per file, total',
      `${c.libs[rp].totalMs.toFixed(0)} ms`,
      `${c.libs[rr].totalMs.toFixed(0)} ms`,
      ratio(c.libs[rp].totalMs, c.libs[rr].totalMs),
    ],
    [
      'peak heap growth during the run',
      formatBytes(c.libs[rp].peakHeapDelta),
      formatBytes(c.libs[rr].peakHeapDelta),
      '',
    ],
    [
      'retained heap, all files kept parsed',
      formatBytes(c.libs[rp].retainedAll),
      formatBytes(c.libs[rr].retainedAll),
      '',
    ],
    [
      'retained heap ÷ body bytes',
      `${c.libs[rp].retainedPerByte.toFixed(1)}×`,
      `${c.libs[rr].retainedPerByte.toFixed(1)}×`,
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
  results.usage.map((u) => [
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

const large = results.bench.find((r) => r.file === 'large');
const typical = results.bench.find((r) => r.file === 'typical');
const targets = [];
const target = (name, ok, value) => targets.push({ name, met: ok, value });
for (const agent of AGENTS) {
  const l = large[rr].checkNs[agent];
  target(`large check ≤ 1 µs/URL (${agent})`, l <= 1000, formatNs(l));
  target(
    `large check ≥ 10× robots-parser (${agent})`,
    large[rp].checkNs[agent] / l >= 10,
    ratio(large[rp].checkNs[agent], l),
  );
  target(
    `typical check ≥ 3× robots-parser (${agent})`,
    typical[rp].checkNs[agent] / typical[rr].checkNs[agent] >= 3,
    ratio(typical[rp].checkNs[agent], typical[rr].checkNs[agent]),
  );
}
// robots-rep compiles an agent's rules on its first check, so a parse target is judged on parse
// + first check (Google's reference figure, parse + build, also builds one agent's rules).
target(
  `large parse + first check ≤ 0.75 ms (${AGENTS[0]})`,
  large[rr].firstCheckNs <= 750_000,
  formatNs(large[rr].firstCheckNs),
);
target(
  `large parse + first check ≥ 3× robots-parser (${AGENTS[0]})`,
  large[rp].firstCheckNs / large[rr].firstCheckNs >= 3,
  ratio(large[rp].firstCheckNs, large[rr].firstCheckNs),
);
target(
  `typical parse + first check ≥ 2× robots-parser (${AGENTS[0]})`,
  typical[rp].firstCheckNs / typical[rr].firstCheckNs >= 2,
  ratio(typical[rp].firstCheckNs, typical[rr].firstCheckNs),
);
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
