/**
 * A fleet under Redis faults (issue #29): 6 crawler processes, 20 loopback origins with
 * Crawl-delay 0.2–1 s, one throwaway redis-server without persistence. Per pacing mode (strict,
 * the default, and fleetSize), one crawl of 47 s during which the bench injects, in turn,
 * DEBUG SLEEP 2, CLIENT PAUSE 2000, kill -9 and restart of Redis, an eviction burst, kill -9
 * of the worker holding a new origin's fetch lock, and a FLUSHALL. Prints per fault and mode what the origins
 * saw. About two minutes (more on a loaded machine, where the processes start slowly); run alone
 * with `node bench/fleet-faults.js` after `npm run build`.
 */

import { spawn, spawnSync } from 'node:child_process';
import { createServer as createTcpServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';

const here = dirname(fileURLToPath(import.meta.url));
const WORKERS = 6;
const LOOPS = 4;
const ORIGINS = 20;
/** Seconds from the start of a crawl to each fault; each is measured over the WINDOW after it. */
const FAULTS = /** @type {const} */ ([
  ['none (load only)', 0],
  ['DEBUG SLEEP 2', 5],
  ['CLIENT PAUSE 2000', 12],
  ['kill -9 + restart', 19],
  ['eviction burst', 26],
  ['lock holder killed', 33],
  ['FLUSHALL', 40],
]);
const WINDOW = 6;
const CRAWL = 47;
/** The client's default fetch lease (ms). */
const LEASE = 2000;

/**
 * @typedef {object} FaultRow
 * @property {string} mode
 * @property {string} fault
 * @property {number} busiestRatio (requests − 1) × delay / window, the busiest origin
 * @property {number} shortGapShare gaps under 0.9 × the delay, of all gaps in the window
 * @property {number} minGapRatio the shortest gap as a fraction of its origin's delay
 * @property {number} longestStallMs the longest check
 * @property {number} robotsFetches the most robots.txt fetches of one origin
 * @property {number} wrong verdicts: a public page disallowed
 * @property {number} failOpen verdicts: a private page allowed
 */

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const server = createTcpServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** @param {number} port */
function startRedis(port) {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--enable-debug-command',
      'local',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return new Promise((resolve) => {
    let output = '';
    child.stdout.on('data', (/** @type {Buffer} */ data) => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout.resume();
        resolve(child);
      }
    });
  });
}

/** @param {string} url */
async function admin(url) {
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 2000 } });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * @typedef {object} OriginRecord
 * @property {string} origin
 * @property {number} delayMs
 * @property {number[]} arrivals page requests (epoch ms)
 * @property {number[]} robots robots.txt fetches (epoch ms)
 */

/**
 * The origins' process (bench/fleet-origins.js): the last origin holds its first robots.txt
 * request and `onHolder` gets the pid of the process that sent it.
 * @param {number[]} delays
 * @param {(pid: number) => void} onHolder
 */
async function startOrigins(delays, onHolder) {
  const child = spawn(process.execPath, [join(here, 'fleet-origins.js'), JSON.stringify(delays)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  /** @type {(records: OriginRecord[]) => void} */
  let onReport = () => {};
  /** @type {string[]} */
  const urls = await new Promise((resolve) => {
    child.on('message', (/** @type {any} */ message) => {
      if (message.type === 'ready') resolve(message.origins);
      if (message.type === 'holder') onHolder(message.pid);
      if (message.type === 'report') onReport(message.origins);
    });
  });
  return {
    urls,
    /** @returns {Promise<OriginRecord[]>} */
    report: () =>
      new Promise((resolve) => {
        onReport = resolve;
        child.send('report');
      }),
    stop: () => child.kill('SIGKILL'),
  };
}

/**
 * A worker process; `ready` resolves once it has warmed up (its HTTP client, the rules of every
 * origin), `report` with what it sends at the end (undefined when it was killed).
 * @param {string} settings
 */
function startWorker(settings) {
  const child = spawn(process.execPath, [join(here, 'fleet-faults-worker.js'), settings], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  /** @type {Promise<unknown>} */
  const ready = new Promise((resolve) => child.once('message', resolve));
  /** @type {Promise<WorkerReport | undefined>} */
  const report = new Promise((resolve) => {
    let last = /** @type {WorkerReport | undefined} */ (undefined);
    child.on('message', (message) => {
      if (typeof message === 'object') last = /** @type {WorkerReport} */ (message);
    });
    child.on('exit', () => resolve(last));
  });
  return { child, ready, report };
}

/**
 * @typedef {object} WorkerReport
 * @property {[number, number, number][]} checks start (epoch ms), ms, origin index
 * @property {number[]} wrong
 * @property {number[]} failOpen
 * @property {number} pacingErrors
 */

/**
 * Runs one crawl in `mode`; undefined when redis-server is not installed.
 * @param {'strict' | 'fleetSize'} mode
 * @returns {Promise<FaultRow[] | undefined>}
 */
export async function benchFleetFaults(mode) {
  if (spawnSync('redis-server', ['--version']).error !== undefined) return undefined;
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let redis = /** @type {import('node:child_process').ChildProcess} */ (await startRedis(port));
  const delays = Array.from(
    { length: ORIGINS },
    (_, index) => Math.round((200 + (800 * index) / (ORIGINS - 1)) / 50) * 50,
  );
  /** @type {{ child: import('node:child_process').ChildProcess }[]} */
  let workers = [];
  const origins = await startOrigins([...delays, 500], (pid) => {
    workers.find(({ child }) => child.pid === pid)?.child.kill('SIGKILL');
  });
  const settings = JSON.stringify({
    redisUrl: url,
    prefix: `bench-faults:${mode}:`,
    origins: origins.urls.slice(0, ORIGINS),
    lateOrigin: origins.urls[ORIGINS],
    fleetSize: mode === 'fleetSize' ? WORKERS : undefined,
    loops: LOOPS,
  });
  const started = Array.from({ length: WORKERS }, () => startWorker(settings));
  workers = started;
  // On a loaded machine the processes take a while to start: the run begins once all are ready.
  await Promise.all(started.map(({ ready }) => ready));
  const startAt = Date.now() + 1000;
  const at = (/** @type {number} */ seconds) => startAt + seconds * 1000;
  for (const { child } of started) child.send({ startAt, lateAt: at(33), endAt: at(CRAWL) });

  const until = (/** @type {number} */ time) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));
  /** @type {Record<string, number>} */
  const faultAt = {};
  try {
    faultAt['none (load only)'] = at(0);
    await until(at(5));
    faultAt['DEBUG SLEEP 2'] = Date.now();
    const sleeper = await admin(url);
    sleeper.sendCommand(['DEBUG', 'SLEEP', '2']).then(
      () => sleeper.close(),
      () => sleeper.destroy(),
    );
    await until(at(12));
    faultAt['CLIENT PAUSE 2000'] = Date.now();
    const pauser = await admin(url);
    await pauser.sendCommand(['CLIENT', 'PAUSE', '2000', 'ALL']);
    await pauser.close();
    await until(at(19));
    faultAt['kill -9 + restart'] = Date.now();
    await new Promise((resolve) => {
      redis.once('exit', resolve);
      redis.kill('SIGKILL');
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    redis = /** @type {import('node:child_process').ChildProcess} */ (await startRedis(port));
    await until(at(26));
    faultAt['eviction burst'] = Date.now();
    const evictor = await admin(url);
    const used = Number(/used_memory:(\d+)/.exec(await evictor.info('memory'))?.[1]);
    await evictor.configSet({
      'maxmemory-policy': 'allkeys-lru',
      maxmemory: String(used + 500_000),
    });
    for (let batch = 0; batch < 40; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          evictor.set(`filler:${batch}:${index}`, 'x'.repeat(10_000)).catch(() => {}),
        ),
      );
    }
    await evictor.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '0' });
    for (let batch = 0; batch < 40; batch++) {
      await evictor.del(Array.from({ length: 50 }, (_, index) => `filler:${batch}:${index}`));
    }
    await evictor.close();
    await until(at(33));
    faultAt['lock holder killed'] = Date.now();
    await until(at(40));
    faultAt['FLUSHALL'] = Date.now();
    const flusher = await admin(url);
    await flusher.flushAll();
    await flusher.close();
    const reports = /** @type {WorkerReport[]} */ (
      (await Promise.all(started.map(({ report }) => report))).filter(Boolean)
    );
    const records = await origins.report();
    return FAULTS.map(([fault]) =>
      measure(mode, fault, faultAt[fault] ?? 0, records, reports, fault === 'lock holder killed'),
    );
  } finally {
    redis.kill('SIGKILL');
    for (const { child } of workers) child.kill('SIGKILL');
    origins.stop();
  }
}

/**
 * What the origins saw in the window after a fault.
 * @param {string} mode
 * @param {string} fault
 * @param {number} from epoch ms
 * @param {OriginRecord[]} origins
 * @param {WorkerReport[]} reports
 * @param {boolean} lateOnly the fault is about the last origin: its fetches and checks
 * @returns {FaultRow}
 */
function measure(mode, fault, from, origins, reports, lateOnly) {
  const to = from + (fault === 'none (load only)' ? 5000 : WINDOW * 1000);
  const inside = (/** @type {number} */ time) => time >= from && time < to;
  let busiestRatio = 0;
  let gaps = 0;
  let shortGaps = 0;
  let minGapRatio = Number.POSITIVE_INFINITY;
  let robotsFetches = 0;
  const lateIndex = origins.length - 1;
  for (const [originIndex, state] of origins.entries()) {
    const times = state.arrivals.filter(inside).sort((a, b) => a - b);
    if (times.length > 1) {
      busiestRatio = Math.max(busiestRatio, ((times.length - 1) * state.delayMs) / (to - from));
    }
    for (let index = 1; index < times.length; index++) {
      const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
      gaps++;
      if (gap < 0.9 * state.delayMs) shortGaps++;
      minGapRatio = Math.min(minGapRatio, gap / state.delayMs);
    }
    if (!lateOnly || originIndex === lateIndex) {
      robotsFetches = Math.max(robotsFetches, state.robots.filter(inside).length);
    }
  }
  let longestStallMs = 0;
  let wrong = 0;
  let failOpen = 0;
  for (const report of reports) {
    for (const [started, ms, index] of report.checks) {
      if (inside(started) && (!lateOnly || index === lateIndex)) {
        longestStallMs = Math.max(longestStallMs, ms);
      }
    }
    wrong += report.wrong.filter(inside).length;
    failOpen += report.failOpen.filter(inside).length;
  }
  return {
    mode,
    fault,
    busiestRatio,
    shortGapShare: gaps === 0 ? 0 : shortGaps / gaps,
    minGapRatio: Number.isFinite(minGapRatio) ? minGapRatio : 0,
    longestStallMs,
    robotsFetches,
    wrong,
    failOpen,
  };
}

/** @param {FaultRow[]} rows */
export function printFaultTable(rows) {
  const header = [
    'mode',
    'fault',
    'busiest origin × its rate',
    'gaps < 0.9 × delay',
    'shortest gap',
    'longest check',
    'robots.txt fetches / origin',
    'wrong / fail-open',
  ];
  const lines = rows.map((row) => [
    row.mode,
    row.fault,
    `${row.busiestRatio.toFixed(2)}×`,
    `${(row.shortGapShare * 100).toFixed(1)}%`,
    `${row.minGapRatio.toFixed(2)} × delay`,
    `${(row.longestStallMs / 1000).toFixed(2)} s`,
    String(row.robotsFetches),
    `${row.wrong} / ${row.failOpen}`,
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)),
  );
  const format = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  console.log(format(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
}

/** @param {FaultRow[]} rows */
export function faultTargets(rows) {
  const lock = rows.filter((row) => row.fault === 'lock holder killed');
  return [
    {
      name: 'busiest origin ≤ 1.05× its rate under every fault, both modes',
      met: rows.every((row) => row.busiestRatio <= 1.05),
      value: `max ${Math.max(...rows.map((row) => row.busiestRatio)).toFixed(2)}×`,
    },
    {
      name: 'strict: no gap under 0.9 × the delay',
      met: rows.filter((row) => row.mode === 'strict').every((row) => row.shortGapShare === 0),
      value: `${rows.filter((row) => row.mode === 'strict').reduce((sum, row) => sum + row.shortGapShare, 0) === 0 ? 'none' : 'some'}`,
    },
    {
      name: '0 wrong and 0 fail-open verdicts',
      met: rows.every((row) => row.wrong === 0 && row.failOpen === 0),
      value: `${rows.reduce((sum, row) => sum + row.wrong, 0)} / ${rows.reduce((sum, row) => sum + row.failOpen, 0)}`,
    },
    {
      name: `lock holder killed: ≤ 2 fetches, stall ≤ lease (${LEASE / 1000} s) + one fetch`,
      met: lock.every((row) => row.robotsFetches <= 2 && row.longestStallMs <= LEASE + 1000),
      value: lock
        .map((row) => `${row.robotsFetches}, ${(row.longestStallMs / 1000).toFixed(2)} s`)
        .join('; '),
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  /** @type {FaultRow[]} */
  const rows = [];
  for (const mode of /** @type {const} */ (['strict', 'fleetSize'])) {
    const result = await benchFleetFaults(mode);
    if (result === undefined) {
      console.log('Fleet under faults: skipped (redis-server is not installed).');
      process.exit(0);
    }
    rows.push(...result);
  }
  console.log(
    `\nFleet under Redis faults: ${WORKERS} processes × ${LOOPS} loops, ${ORIGINS} origins at Crawl-delay 0.2–1 s, a ${WINDOW} s window after each fault\n`,
  );
  printFaultTable(rows);
  console.log('');
  for (const target of faultTargets(rows)) {
    console.log(`${target.met ? 'met' : 'NOT MET'}: ${target.name} (${target.value})`);
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
}
