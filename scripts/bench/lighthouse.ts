/**
 * Lighthouse on every page type (issue 23): mobile form factor with Lighthouse's default
 * simulated throttling (slow 4G, 4× CPU slowdown), the median of N runs by performance score,
 * against a built site served by scripts/serve.ts in the system Chromium.
 *
 *   npm run bench:lighthouse [-- --runs 3] [--only home-en,results]
 *
 * The server is started from `${ASTRO_OUT_DIR:-dist}` on BENCH_PORT (default 4399) with its own
 * PGlite copy (`PGLITE_DATA_DIR`, default .data/db), unless BENCH_URL names a running one.
 * Prints a Markdown table for docs/BENCHMARKS.md: score, FCP, LCP, TBT, CLS and bytes transferred.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const port = Number(process.env.BENCH_PORT || 4399);
const base = process.env.BENCH_URL || `http://127.0.0.1:${String(port)}`;
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

function isoIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A checkout with a real cart: the first bookable bus of a search, put in a cart by its booking link. */
async function checkoutPath(): Promise<string> {
  const search = await fetch(
    `${base}/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${isoIn(5)}&people=1&vehclasses=bus`,
  );
  const body = (await search.json()) as { trips: { travel_options: { bookable: number; booking_uri: string }[] }[] };
  const uri = body.trips.flatMap((t) => t.travel_options).find((o) => o.bookable === 1)?.booking_uri;
  if (!uri) throw new Error('No bookable trip to check out.');
  const added = await fetch(`${base}${uri}?people=1`, { redirect: 'manual' });
  const location = added.headers.get('location');
  if (!location) throw new Error(`Adding to the cart answered ${String(added.status)} without a redirect.`);
  return `${new URL(location, base).pathname}/step/passengers`;
}

async function pageTypes(): Promise<[string, string][]> {
  return [
    ['home (en)', '/en'],
    ['home (ar)', '/ar'],
    ['results', `/en/all/bangkok/chiang-mai?date=${isoIn(7)}&people=1`],
    // A pair off the home page (every results page renders on request with its first trip cards).
    ['results (other pair)', `/en/all/chiang-mai/pai?date=${isoIn(7)}&people=1`],
    ['station', '/en/station/1-bangkok-mo-chit-bus-terminal'],
    ['operator', '/en/operator/siam-express-coach'],
    ['guide', '/en/travel-guides/bangkok-to-koh-tao'],
    ['support', '/en/support'],
    ['login', '/en/login'],
    ['checkout', await checkoutPath()],
  ];
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/en`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No server at ${base}.`);
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
  /** Lighthouse's runtime error, when the run failed. */
  error?: string | undefined;
}

async function measure(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.selector ?? '',
    error: lhr.runtimeError?.message,
  };
}

let server: ChildProcess | undefined;
if (!process.env.BENCH_URL) {
  server = spawn(process.execPath, ['scripts/serve.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
  });
}
const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
try {
  await waitForServer();
  // The search index is built on the first search: not inside a measured run.
  await fetch(`${base}/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${isoIn(7)}&people=1`);
  const only = values.only?.split(',');
  console.log(`Lighthouse ${String(runs)} runs each, mobile, simulated throttling; ${base}\n`);
  console.log('| page type | score | FCP | LCP | TBT | CLS | transferred | LCP element |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, path] of await pageTypes()) {
    if (only && !only.some((o) => name.startsWith(o))) continue;
    const all: Run[] = [];
    // A run Lighthouse could not finish (a runtime error, no paint within its timeout on a busy
    // machine) has no metrics and a score of 0: it is retried, up to twice per run, not counted.
    for (let i = 0; i < runs; i++) {
      for (let attempt = 1; ; attempt++) {
        const run = await measure(`${base}${path}`, chrome.port);
        if (Number.isFinite(run.lcp) || attempt === 3) {
          all.push(run);
          break;
        }
        console.error(`${name}: run ${String(i + 1)} gave no metrics (${run.error ?? 'unknown error'}); retrying`);
      }
    }
    const median = all.sort((a, b) => a.score - b.score)[Math.floor(all.length / 2)] ?? all[0];
    if (!median) continue;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| ${name} | ${String(median.score)} (${all.map((r) => r.score).join('/')}) | ${s(median.fcp)} | ${s(median.lcp)} | ${String(Math.round(median.tbt))} ms | ${median.cls.toFixed(3)} | ${(median.bytes / 1024).toFixed(0)} KiB | \`${median.lcpElement}\` |`,
    );
  }
} finally {
  chrome.kill();
  server?.kill();
}
