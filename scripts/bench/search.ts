/**
 * `npm run bench:search [-- --skip-scale] [--skip-http] [--queries N] [--quality M]`
 *
 * 1. In-process: seeds a throwaway PGlite with the default network (and the --scale one),
 *    builds the index (time, resident memory) and runs N random place-pair searches
 *    (p50/p95/p99 latency).
 *    Then issue 20's measures (searchQuality.ts): the journeys-only latency and connected share of
 *    the journeys a search answers with (findJourneys) and of the fastest-journeys engine alone,
 *    timed alternately, and on the default network both against the exhaustive reference over
 *    --quality M queries (0 skips it).
 * 2. Over HTTP: seeds .data/bench-db, builds the site into .data/bench-dist when that build is
 *    missing, starts it, and drives trips/search with autocannon at 50 connections.
 *    `--workers N` serves from N processes (scripts/serve.ts, WEB_CONCURRENCY); that needs
 *    PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), where a throwaway database is made.
 * Prints a Markdown table ready for docs/BENCHMARKS.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedDatabase } from '../seed/index.ts';
import { addDays } from '../../src/domain/search/dates.ts';
import { search, SEARCH_ENGINE, type SearchEngine } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { profileNetwork } from '../../src/domain/search/profile.ts';
import { machineLine, probeMachineSpeed, watchSteal } from './machineSpeed.ts';
import { compareWithReference, pairQueries, timeEngines } from './searchQuality.ts';

const { values: args } = parseArgs({
  options: {
    'skip-scale': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    queries: { type: 'string', default: '1000' },
    quality: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    workers: { type: 'string', default: '1' },
    /** After the searches, results pages: each a search, then its rechecks (as the page calls them). */
    pages: { type: 'boolean', default: false },
  },
});
/** Both engines, timed alternately (search.ts SEARCH_ENGINE says which one travellers get). */
const ENGINES: SearchEngine[] = ['classic', 'fastest'];
const QUERIES = Number(args.queries);
const QUALITY_QUERIES = Number(args.quality);
const TODAY = new Date().toISOString().slice(0, 10);

/** A small deterministic generator, so two runs measure the same queries. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Random pairs of places that both have some service, like real searches. */
function randomPairs(index: TimetableIndex, count: number, seed: number): [number, number][] {
  // By id: the index's own order follows its routes' order, which changes with the code (session 21
  // ranked routes by content), and the same seed must draw the same searches from every version.
  const served = [...index.hops.keys()].filter((id) => index.into.has(id)).sort((a, b) => a - b);
  const next = rng(seed);
  const pick = () => served[Math.floor(next() * served.length)] ?? 0;
  const pairs: [number, number][] = [];
  while (pairs.length < count) {
    const a = pick();
    const b = pick();
    if (a !== b) pairs.push([a, b]);
  }
  return pairs;
}

async function inProcess(name: string, scale: boolean) {
  const handle = await openDb({ pgliteDataDir: 'memory://' });
  await applyMigrations(handle);
  console.log(`[${name}] seeding…`);
  await seedDatabase(handle, { scale, today: TODAY });
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = await loadIndex(handle.db);
  const buildMs = performance.now() - started;
  // The fastest engine's dense network, which the server builds with every index it serves
  // (src/server/search/cache.ts): part of the time until a new index answers.
  const networkStarted = performance.now();
  profileNetwork(index);
  const networkMs = performance.now() - networkStarted;
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  await handle.close();
  const pairs = randomPairs(index, QUERIES, 42);
  const now = Date.now();
  const searchOnce = (from: number, to: number, date: string, engine: SearchEngine) =>
    search(index, {
      from: { kind: 'place', id: from },
      to: { kind: 'place', id: to },
      date,
      people: 2,
      classes: 'all',
      currency: 'USD',
      now,
      engine,
    }).trips.length;
  // Warm-up: the first searches pay for JIT compilation, which a long-running server pays once.
  for (const [from, to] of pairs.slice(0, 50)) for (const engine of ENGINES) searchOnce(from, to, addDays(TODAY, 3), engine);
  // The whole search (priced trips), each engine over the same queries, alternately.
  const wholeRuns: { engine: SearchEngine; p50: number; p95: number; p99: number; cpuP95: number; trips: number }[] = [];
  for (const engine of [...ENGINES, ...ENGINES]) {
    const next = rng(7);
    const wall: number[] = [];
    const cpu: number[] = [];
    let trips = 0;
    for (const [from, to] of pairs) {
      const date = addDays(TODAY, 1 + Math.floor(next() * 30));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      trips += searchOnce(from, to, date, engine);
      wall.push(performance.now() - t0);
      const used = process.cpuUsage(cpu0);
      cpu.push((used.user + used.system) / 1000);
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    wholeRuns.push({
      engine,
      p50: percentile(wall, 50),
      p95: percentile(wall, 95),
      p99: percentile(wall, 99),
      cpuP95: percentile(cpu, 95),
      trips,
    });
  }
  console.log(`\n| network | engine (whole search, priced) | p50 | p95 | p99 | CPU p95 | trips/search |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const run of wholeRuns)
    console.log(
      `| ${name} | ${run.engine} | ${run.p50.toFixed(2)} ms | ${run.p95.toFixed(2)} ms | ${run.p99.toFixed(2)} ms | ${run.cpuP95.toFixed(2)} ms | ${(run.trips / pairs.length).toFixed(1)} |`,
    );
  // The summary row: the engine searches use (SEARCH_ENGINE), its first run.
  const inUse = wholeRuns.find((r) => r.engine === SEARCH_ENGINE) ?? wholeRuns[0];
  const times = [inUse?.p50 ?? NaN, inUse?.p95 ?? NaN, inUse?.p99 ?? NaN];
  const trips = inUse?.trips ?? 0;
  const result = {
    name,
    routes: index.routes.length,
    places: index.places.size,
    buildMs,
    networkMs,
    heapMb,
    rssMb,
    engine: SEARCH_ENGINE,
    p50: times[0] ?? NaN,
    p95: times[1] ?? NaN,
    p99: times[2] ?? NaN,
    meanTrips: trips / pairs.length,
    rssBeforeMb: rssBefore / 2 ** 20,
  };
  console.log(result);
  // Issue 20: the two engines side by side, journeys only.
  const queries = pairQueries(pairs, TODAY, rng(11));
  const engines = timeEngines(index, queries);
  console.log(`[${name}] fastest-journeys network built in ${engines.networkMs.toFixed(0)} ms`);
  console.log(`\n| network | engine (journeys only) | p50 | p95 | p99 | CPU p95 | pairs connected |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const run of engines.runs)
    console.log(
      `| ${name} | ${run.engine} | ${run.p50.toFixed(2)} ms | ${run.p95.toFixed(2)} ms | ${run.p99.toFixed(2)} ms | ${run.cpuP95.toFixed(2)} ms | ${(run.connectedShare * 100).toFixed(1)} % |`,
    );
  if (!scale && QUALITY_QUERIES > 0) {
    console.log(`[${name}] comparing both engines with the exhaustive reference over ${QUALITY_QUERIES} queries…`);
    const q = compareWithReference(index, queries.slice(0, QUALITY_QUERIES));
    console.log(
      `\n| network | engine | queries | reference connects | engine connects | reference arrives earlier | a reference journey missed |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const engine of ['classic', 'fastest'] as const)
      console.log(
        `| ${name} | ${engine} | ${q.queries} | ${q.connected} | ${q[engine].connected} | ${q[engine].later} | ${q[engine].missed} |`,
      );
  }
  return result;
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}

/** A throwaway PostgreSQL database for the multi-process run, dropped by the returned function. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('--workers above 1 needs PostgreSQL: set BENCH_DATABASE_URL (PGlite serves from one process)');
  const name = `bench_search_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function overHttp() {
  const workers = Number(args.workers);
  const dataDir = '.data/bench-db';
  const outDir = process.env.ASTRO_OUT_DIR || '.data/bench-dist';
  rmSync(dataDir, { recursive: true, force: true });
  const database = workers > 1 ? await postgresDatabase() : undefined;
  const handle = await openDb(database ? { databaseUrl: database.url } : { pgliteDataDir: dataDir });
  await applyMigrations(handle);
  await seedDatabase(handle, { scale: false, today: TODAY });
  const index = await loadIndex(handle.db);
  await handle.close();
  const buildEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '4399' };
  if (!existsSync(`${outDir}/server/entry.mjs`)) {
    console.log('[http] building the site into .data/bench-dist…');
    if ((await run('npx', ['astro', 'build', '--outDir', outDir], buildEnv)) !== 0) throw new Error('build failed');
  }
  const env = {
    ...buildEnv,
    DATABASE_URL: database?.url ?? '',
    ASTRO_OUT_DIR: outDir,
    WEB_CONCURRENCY: String(workers),
    LOG_LEVEL: 'warn',
  };
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (as bench:booking).
  const profileArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(process.execPath, [...profileArgs, 'scripts/serve.ts'], { env, stdio: 'ignore' });
  try {
    const base = 'http://127.0.0.1:4399';
    await waitForServer(`${base}/api/nuxt/en/common-data`, server);
    // Every process builds its own index on its first search: warm them all up first.
    await Promise.all(
      Array.from({ length: 20 * workers }, (_, n) =>
        fetch(`${base}/api/nuxt/en/trips/search?fromId=${String(n + 1)}&toId=${String(n + 2)}&date=${addDays(TODAY, 1)}`),
      ),
    );
    // More distinct searches than the run sends: every request is computed, none is a repeat.
    const pairs = randomPairs(index, 20_000, 99);
    const next = rng(3);
    const requests = pairs.map(([from, to]) => ({
      method: 'GET' as const,
      path: `/api/nuxt/en/trips/search?fromId=${from}&toId=${to}&date=${addDays(TODAY, 1 + Math.floor(next() * 30))}&people=2`,
    }));
    let i = 0;
    const run = autocannon({
      url: base,
      connections: 50,
      duration: Number(args.duration),
      // As a browser asks: the answer is compressed (brotli) like the one a traveller gets.
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }],
    });
    // autocannon's summary has p90 and p97.5 but not the p95 of the target: keep every latency.
    const latencies: number[] = [];
    run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
    const result = await run;
    latencies.sort((a, b) => a - b);
    const summary = {
      workers,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p95: Number(percentile(latencies, 95).toFixed(1)),
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      total: result.requests.total,
    };
    console.log('[http]', summary);
    if (args.pages) await resultsPages(base, index);
    return summary;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database?.drop();
  }
}

/**
 * Results pages over HTTP, as a traveller's browser loads one: the search, then every recheck URL
 * its answer lists with its token, in parallel (src/stores/tripsSearch.store.ts). Distinct
 * searches, none asked before (another seed than the search run). The manual connector answers
 * after 250 ms, so 200 pages are kept in flight: the server's CPU, not that wait, sets the rate.
 */
async function resultsPages(base: string, index: TimetableIndex) {
  const pairs = randomPairs(index, 20_000, 123);
  const next = rng(5);
  // As a browser asks (and as the search run does): fetch decodes zstd.
  const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const until = performance.now() + Number(args.duration) * 1000;
  const pageMs: number[] = [];
  let requests = 0;
  let failed = 0;
  let asked = 0;
  const started = performance.now();
  const loop = async () => {
    while (performance.now() < until) {
      const [from, to] = pairs[asked++ % pairs.length] ?? [0, 0];
      const t0 = performance.now();
      const date = addDays(TODAY, 1 + Math.floor(next() * 30));
      const response = await fetch(`${base}/api/nuxt/en/trips/search?fromId=${from}&toId=${to}&date=${date}&people=2`, { headers });
      requests++;
      if (!response.ok) {
        failed++;
        continue;
      }
      const answer = (await response.json()) as { tripsRecheck: string[]; recheckToken: string };
      const rechecks = await Promise.all(
        answer.tripsRecheck.map(async (url) => {
          const r = await fetch(`${base}${url}&token=${answer.recheckToken}`, { headers });
          await r.arrayBuffer();
          return r.ok;
        }),
      );
      requests += rechecks.length;
      failed += rechecks.filter((ok) => !ok).length;
      pageMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: 200 }, loop));
  const seconds = (performance.now() - started) / 1000;
  pageMs.sort((a, b) => a - b);
  console.log('[http pages]', {
    pagesPerSecond: Number((pageMs.length / seconds).toFixed(1)),
    requestsPerSecond: Number((requests / seconds).toFixed(1)),
    rechecksPerPage: Number(((requests - pageMs.length) / Math.max(1, pageMs.length)).toFixed(2)),
    p50: Number(percentile(pageMs, 50).toFixed(1)),
    p95: Number(percentile(pageMs, 95).toFixed(1)),
    failed,
  });
}

const probeMs = probeMachineSpeed();
const stolenPct = watchSteal();
const results = [await inProcess('default', false)];
if (!args['skip-scale']) results.push(await inProcess('scale', true));
console.log('\n| network | routes | index build | + fastest network | index heap | RSS | p50 | p95 | p99 | trips/search |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.name} | ${r.routes} | ${(r.buildMs / 1000).toFixed(2)} s | ${(r.networkMs / 1000).toFixed(2)} s | ${r.heapMb.toFixed(0)} MB | ${r.rssMb.toFixed(0)} MB | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.meanTrips.toFixed(1)} |`,
  );
if (!args['skip-http']) await overHttp();
console.log(machineLine(probeMs, stolenPct()));
