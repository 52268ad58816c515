/**
 * `npm run bench:booking [-- --buyers N] [--concurrency C | --rate R] [--departures D] [--warmup N] [--workers W]`
 * on PostgreSQL.
 *
 * End to end through the HTTP API of a built server, like a browser would: add-to-cart (from
 * real search results' booking_uri), checkout/reserve (the seat hold), pay/place-order with an
 * Idempotency-Key, the sandbox gateway's hosted page with the success card (which sends the
 * signed webhook back to the shop). Buyers outnumber the seats of the chosen departures, so holds
 * contend and some buyers get a clear 409. Reports confirmed bookings per second, the hold
 * latency (p50/p99 of checkout/reserve) and checks at the end that no departure is oversold and
 * that every sold seat belongs to a confirmed booking.
 *
 * Two load models. By default C buyers at a time, each starting the next purchase the moment the
 * last ends (closed loop): the server runs flat out, so this finds the most bookings per second,
 * and every latency is mostly the queue in front of it. With --rate R, buyers arrive R per second
 * whatever the server does (open loop, like travellers on a site): this shows the hold latency
 * at that load — the question behind a target such as "50 bookings/s with hold p99 ≤ 100 ms".
 * Before measuring, --warmup buyers (default 40) book other departures, so the measured buyers
 * meet a server that has loaded its code and opened its database connections.
 *
 * Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): a database `bench_booking_*` is created there,
 * seeded, used and dropped. The server is the build in `${ASTRO_OUT_DIR:-dist}` on BENCH_PORT
 * (default 4399), run by scripts/serve.ts as W processes (default 1); build first.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedDatabase } from '../seed/index.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { machineLine, probeMachineSpeed, watchSteal } from './machineSpeed.ts';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '40' },
    departures: { type: 'string', default: '12' },
    workers: { type: 'string', default: '1' },
    rate: { type: 'string' },
    warmup: { type: 'string', default: '40' },
  },
});
const BUYERS = Number(args.buyers);
const CONCURRENCY = Number(args.concurrency);
const DEPARTURES = Number(args.departures);
const WORKERS = Number(args.workers);
const RATE = args.rate === undefined ? undefined : Number(args.rate);
const WARMUP = Number(args.warmup);
/** Departures the warm-up buyers book (2 seats each, 40+ seats per bus): never those measured. */
const WARMUP_DEPARTURES = Math.max(1, Math.ceil(WARMUP / 10));
const baseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.log('bench:booking SKIPPED: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
  process.exit(0);
}
const port = Number(process.env.BENCH_PORT || 4399);
const origin = `http://127.0.0.1:${String(port)}`;
const outDir = process.env.ASTRO_OUT_DIR || 'dist';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dbName = `bench_booking_${Date.now().toString(36)}`;
await admin(`create database ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const handle = await openDb({ databaseUrl });
await applyMigrations(handle);
console.log('Seeding the default network…');
await seedDatabase(handle, { scale: false });

// scripts/serve.ts: with --workers above 1, that many server processes share the port.
// BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in
// Chrome DevTools or summarise it with scripts/bench/profileSummary.ts) — where a booking's time goes.
const profileArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const server = spawn(process.execPath, [...profileArgs, 'scripts/serve.ts'], {
  env: {
    ...process.env,
    ASTRO_OUT_DIR: outDir,
    WEB_CONCURRENCY: String(WORKERS),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    MAIL_OUTBOX_DIR: '.data/bench-outbox',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/en`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

interface Option {
  booking_uri: string;
  bookable: 0 | 1;
  seats_left: number;
}

try {
  await waitForServer();
  // Bookable direct buses from real searches: a handful of departures everyone competes for.
  const uris: string[] = [];
  const wanted = DEPARTURES + WARMUP_DEPARTURES;
  for (let day = 2; uris.length < wanted && day < 12; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const to of ['chiang-mai', 'hua-hin', 'pattaya', 'khon-kaen']) {
      const response = await fetch(
        `${origin}/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=${to}&date=${date}&people=1&vehclasses=bus&currency=THB`,
      );
      if (!response.ok) continue;
      const body = (await response.json()) as { trips: { segments: unknown[]; travel_options: Option[] }[] };
      for (const trip of body.trips.filter((t) => t.segments.length === 1))
        for (const o of trip.travel_options) if (o.bookable && uris.length < wanted) uris.push(o.booking_uri);
    }
  }
  const warmupUris = uris.splice(0, WARMUP_DEPARTURES);
  const probeMs = probeMachineSpeed();
  const stolenPct = watchSteal();
  console.log(
    `${String(uris.length)} departures, ${String(BUYERS)} buyers (2 passengers each), ${RATE ? `arriving ${String(RATE)} per second` : `${String(CONCURRENCY)} at a time`}, after ${String(WARMUP)} warm-up buyers`,
  );

  const holdMs: number[] = [];
  /** Milliseconds per step of a buyer who booked, to show where a booking's time goes. */
  const stepMs = { addToCart: [] as number[], placeOrder: [] as number[], gatewayPay: [] as number[], untilPaid: [] as number[] };
  const polls: number[] = [];
  const timed = async <T>(into: number[], work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      if (measuring) into.push(performance.now() - t0);
    }
  };
  const outcomes = { confirmed: 0, soldOut: 0, other: 0, serverErrors: 0 };
  const form = {
    email: 'bench@example.com',
    phone: '+66 81 234 5678',
    passengers: [{ full_name: 'Bench One' }, { full_name: 'Bench Two' }],
  };

  let measuring = false;
  let measuredFrom = 0;
  async function buyer(i: number, departures: readonly string[] = uris) {
    const uri = departures[i % departures.length] ?? '';
    const added = await timed(stepMs.addToCart, () => fetch(`${origin}${uri}?people=2&currency=THB`, { redirect: 'manual' }));
    const hash = (added.headers.get('location') ?? '').split('/checkout/')[1] ?? '';
    // A booked cart answers only to the browser that made it (its cart_session cookie): send it back like one.
    const cookie = added.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!hash) {
      outcomes.other++;
      return;
    }
    const started = performance.now();
    const reserve = await fetch(`${origin}/api/nuxt/en/checkout/reserve/${hash}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ form }),
    });
    if (measuring) holdMs.push(performance.now() - started);
    // BENCH_TRACE=1: every hold's latency and when it started, to see a queue build up and drain.
    if (process.env.BENCH_TRACE && measuring)
      console.log(`hold ${(performance.now() - started).toFixed(0)} ms at ${(started - measuredFrom).toFixed(0)} ms`);
    if (reserve.status >= 500) outcomes.serverErrors++;
    if (reserve.status === 409) {
      outcomes.soldOut++;
      return;
    }
    if (reserve.status !== 201) {
      outcomes.other++;
      return;
    }
    const { redirect_url: gateway, booking_id: bookingId } = await timed(stepMs.placeOrder, async () => {
      const order = await fetch(`${origin}/api/nuxt/en/pay/place-order-by-booking-cart-hash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${String(i)}-${hash}`, cookie },
        body: JSON.stringify({ hash, paygate: 'sandbox-card' }),
      });
      return (await order.json()) as { redirect_url: string; booking_id: string };
    });
    const paid = await timed(stepMs.gatewayPay, () =>
      fetch(gateway, {
        method: 'POST',
        redirect: 'manual',
        // Astro refuses cross-site form posts; a browser on the gateway page sends its own origin.
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
      }),
    );
    if (paid.status !== 303) {
      outcomes.other++;
      return;
    }
    // Like the payment status page: poll until the webhook has been applied (usually at once).
    const pollStarted = performance.now();
    for (let attempt = 0; attempt < 100; attempt++) {
      const result = (await (
        await fetch(`${origin}/api/nuxt/en/pay/payment-result?booking=${bookingId}`, { headers: { cookie } })
      ).json()) as {
        paid: boolean;
        final: boolean;
      };
      if (result.paid) {
        if (measuring) {
          stepMs.untilPaid.push(performance.now() - pollStarted);
          polls.push(attempt + 1);
        }
        outcomes.confirmed++;
        return;
      }
      if (result.final) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    outcomes.other++;
  }

  // Seats the seed already sold; the check below compares what this run added with its holds.
  const before = new Map<string, number>();
  {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    for (const r of (await c.query<{ id: string; sold: number }>('select id::text, seats_sold as sold from departure_inventory')).rows)
      before.set(r.id, r.sold);
    await c.end();
  }
  // Warm-up: the same purchase on departures of their own, ten at a time; counted in the seat
  // checks below but not in the numbers.
  let warmed = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (warmed < WARMUP) await buyer(warmed++, warmupUris);
    }),
  );
  const warmupConfirmed = outcomes.confirmed;
  // A 5xx is a failure wherever it happens: the warm-up's are reported, not reset away.
  const warmupServerErrors = outcomes.serverErrors;
  if (warmupServerErrors > 0) console.log(`warm-up: ${String(warmupServerErrors)} server errors (5xx)`);
  Object.assign(outcomes, { confirmed: 0, soldOut: 0, other: 0, serverErrors: 0 });
  measuring = true;
  const started = performance.now();
  measuredFrom = started;
  if (RATE) {
    // Open loop: buyer i arrives at i / RATE seconds, however long the others take.
    await Promise.all(
      Array.from(
        { length: BUYERS },
        (_, i) =>
          new Promise<void>((done) => {
            setTimeout(() => void buyer(i).finally(done), (i * 1000) / RATE);
          }),
      ),
    );
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BUYERS) await buyer(next++);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // Confirmation mails are queued behind the checkout work: wait until every paid booking's mail
  // is out, and report how long after the last booking that was.
  let mailsOwed = -1;
  const mailWaitStarted = performance.now();
  {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    for (let i = 0; i < 240 && mailsOwed !== 0; i++) {
      const { rows } = await c.query<{ owed: number }>(
        `select count(*)::int as owed from bookings where status in ('paid', 'pending_confirmation', 'confirmed') and confirmation_mailed_at is null and email = 'bench@example.com'`,
      );
      mailsOwed = rows[0]?.owed ?? -1;
      if (mailsOwed !== 0) await new Promise((r) => setTimeout(r, 250));
    }
    await c.end();
  }
  const mailDrainSeconds = (performance.now() - mailWaitStarted) / 1000;
  // A webhook not yet acknowledged would still be retried; give the sender a moment before checking.
  await new Promise((r) => setTimeout(r, 1500));

  const checker = new pg.Client({ connectionString: databaseUrl });
  await checker.connect();
  const rows = (
    await checker.query<{ id: string; total: number; held: number; sold: number; sold_holds: number; held_holds: number }>(
      `select d.id::text, d.seats_total as total, d.seats_held as held, d.seats_sold as sold,
         coalesce((select sum(seats) from seat_holds h where h.departure_inventory_id = d.id and h.status = 'sold'), 0)::int as sold_holds,
         coalesce((select sum(seats) from seat_holds h where h.departure_inventory_id = d.id and h.status = 'held'), 0)::int as held_holds
       from departure_inventory d`,
    )
  ).rows;
  await checker.end();
  const oversold = rows.filter((r) => r.held + r.sold > r.total).length;
  const unmatched = rows.filter((r) => r.sold - (before.get(r.id) ?? 0) !== r.sold_holds || r.held !== r.held_holds).length;
  const soldByRun = rows.reduce((sum, r) => sum + r.sold_holds, 0);
  const row = { oversold, unmatched, sold: soldByRun };
  const sorted = [...holdMs].sort((a, b) => a - b);
  console.log(
    '\n| buyers | confirmed | sold out (409) | other | 5xx | duration | confirmed bookings/s | hold p50 | hold p99 | oversold departures | seats sold ≠ sold holds |',
  );
  console.log(
    '| ------ | --------- | -------------- | ----- | --- | -------- | -------------------- | -------- | -------- | ------------------- | ------------------------ |',
  );
  console.log(
    `| ${String(BUYERS)} | ${String(outcomes.confirmed)} | ${String(outcomes.soldOut)} | ${String(outcomes.other)} | ${String(outcomes.serverErrors)} | ${seconds.toFixed(1)} s | ${(outcomes.confirmed / seconds).toFixed(1)} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${String(row.oversold)} | ${String(row.unmatched)} |`,
  );
  const p50 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    ).toFixed(0);
  console.log(
    `step p50 of buyers who booked: add to cart ${p50(stepMs.addToCart)} ms, place order ${p50(stepMs.placeOrder)} ms, gateway pay ${p50(stepMs.gatewayPay)} ms, until paid ${p50(stepMs.untilPaid)} ms (${p50(polls)} polls)`,
  );
  console.log(
    mailsOwed === 0
      ? `confirmation mails: all sent, the last ${mailDrainSeconds.toFixed(1)} s after the last booking`
      : `confirmation mails: ${String(mailsOwed)} still owed after ${mailDrainSeconds.toFixed(0)} s`,
  );
  const confirmedInAll = outcomes.confirmed + warmupConfirmed;
  console.log(`seats sold in total: ${String(row.sold)} (= 2 × confirmed, warm-up included: ${String(2 * confirmedInAll)})`);
  console.log(machineLine(probeMs, stolenPct()));
  if (
    row.oversold !== 0 ||
    row.unmatched !== 0 ||
    row.sold !== 2 * confirmedInAll ||
    mailsOwed !== 0 ||
    outcomes.serverErrors + warmupServerErrors > 0
  )
    process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await handle.close();
  await new Promise((r) => setTimeout(r, 500));
  await admin(`drop database if exists ${dbName} with (force)`);
}
