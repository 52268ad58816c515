/**
 * A server process's side of tests/integration/settings.multiprocess.test.ts, run as a child with
 * DATABASE_URL (and maybe REDIS_URL) in its environment and commands on stdin, one a line:
 *   admin <user id> — the admin saving /{lang}/op/settings: each line `hold <minutes>` saves the
 *     seat hold through the page's service (saveSetting, which announces `settings_changed` on the
 *     process's bus) and prints `saved <minutes>`;
 *   reserve follow|no-bus <date> — a traveller's reservation: each line `reserve` holds one seat of
 *     the bus on <date> for as long as the site setting says — the value the checkout API reads
 *     (siteSetting 'holdMinutes', src/server/checkout/api.ts; the handler itself needs the build's
 *     translations, which a plain Node child has not) — and prints `held <minutes>`.
 * The reserving process's clock is frozen at its start, so its copy of the settings never grows
 * old enough (30 s) to be read again on its own: a new value can only arrive through the bus.
 * `no-bus` is the negative control: a process not marked as serving, which does not follow the bus.
 */
import { createInterface } from 'node:readline';
import { markServingProcess } from '../../src/server/bus/index.ts';
import { getDbHandle } from '../../src/server/db/index.ts';
import { saveSetting } from '../../src/server/ops/settings.ts';
import { getSearchIndex } from '../../src/server/search/cache.ts';
import { siteSetting } from '../../src/server/settings/settings.ts';
import { guestReservation } from './bookingFixtures.ts';
import { BUS, TRAVEL_DATE } from './checkoutNetwork.ts';

const [role, ...args] = process.argv.slice(2);
const usage = 'usage: settingsRunner.ts admin <userId> | reserve follow|no-bus <date>';

async function lines(answer: (line: string) => Promise<string>): Promise<void> {
  console.log('ready');
  for await (const line of createInterface({ input: process.stdin })) console.log(await answer(line.trim()));
}

if (role === 'admin') {
  const admin = { userId: Number(args[0]), role: 'admin' as const };
  const { db } = await getDbHandle();
  await lines(async (line) => {
    const minutes = Number(/^hold (\d+)$/.exec(line)?.[1]);
    if (!Number.isInteger(minutes)) return `unknown command ${line}`;
    await saveSetting(db, admin, { key: 'holdMinutes', value: minutes, reason: 'longer holds for the test' }, null);
    return `saved ${String(minutes)}`;
  });
} else if (role === 'reserve') {
  const [mode, date] = args;
  if ((mode !== 'follow' && mode !== 'no-bus') || !date) throw new Error(usage);
  if (mode === 'follow') markServingProcess();
  const frozen = Date.now();
  const { db } = await getDbHandle();
  const index = await getSearchIndex(db, frozen);
  let traveller = 0;
  await lines(async (line) => {
    if (line !== 'reserve') return `unknown command ${line}`;
    const holdMinutes = await siteSetting(db, 'holdMinutes', frozen);
    traveller += 1;
    const booking = await guestReservation(db, index, {
      slug: BUS.replace(TRAVEL_DATE, date),
      now: frozen,
      holdMinutes,
      email: `traveller-${String(process.pid)}-${String(traveller)}@example.com`,
      passengers: [{ full_name: 'Anna Berg' }],
    });
    return `held ${String((booking.holdExpiresAt.getTime() - frozen) / 60_000)}`;
  });
} else throw new Error(usage);
