/**
 * GTFS in the operators area (issue 22 item 3) on PGlite and PostgreSQL: Admin's upload is kept,
 * its dry run is the CLI's plan, the apply goes ahead only with the digest of the plan shown (a
 * network that moved since gets a new dry run, nothing applied), and a feed that would remove a
 * booked departure is refused with the booking named and nothing changed.
 */
import { strToU8 } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { gtfsUploads, networkAudit, schedules, users } from '../../src/server/db/schema.ts';
import { readFeed } from '../../src/server/gtfs/feed.ts';
import { applyUpload, checkUpload, dryRunUpload, exportNetworkFeed, storeUpload } from '../../src/server/ops/gtfs.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { editFeed } from '../support/gtfsFeed.ts';

let ADMIN = { userId: 0, role: 'admin' as const };
const SITE = 'http://localhost:4321';

describe.each(DATABASES)('GTFS in the operators area on $name', ({ open }) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await open();
    await insertCheckoutNetwork(handle.db, { bus: 5, boat: 5 });
    // The fixture writes its ids by hand; the import inserts with the sequences.
    for (const table of ['operators', 'stations', 'routes', 'schedules', 'travel_options'])
      await handle.db.execute(sql.raw(`select setval('${table}_id_seq', (select max(id) from ${table}))`));
    const [admin] = await handle.db.insert(users).values({ email: 'admin@example.com', role: 'admin' }).returning({ id: users.id });
    ADMIN = { userId: admin?.id ?? 0, role: 'admin' };
  });
  afterAll(async () => {
    await handle.close();
  });

  it('refuses what is not a zip, and keeps one row per feed whatever its name', async () => {
    expect(checkUpload(new Uint8Array())).toBe('empty');
    expect(checkUpload(strToU8('agency_id,agency_name\n'))).toBe('not_zip');
    const feed = await exportNetworkFeed(handle.db, ADMIN, SITE);
    expect(checkUpload(feed)).toBeNull();
    const id = await storeUpload(handle.db, ADMIN, 'a.zip', feed);
    expect(await storeUpload(handle.db, ADMIN, 'b.zip', feed)).toBe(id);
    expect(await handle.db.select({ id: gtfsUploads.id }).from(gtfsUploads)).toEqual([{ id }]);
    // The network's own feed changes nothing.
    const dry = await dryRunUpload(handle.db, ADMIN, id);
    expect(dry && [dry.plan.added.length, dry.plan.changed.length, dry.plan.removed.length]).toEqual([0, 0, 0]);
    expect(dry?.plan.unchanged.length).toBe(3);
  });

  it('applies a changed feed with the digest of its dry run, and not with another', async () => {
    const own = await exportNetworkFeed(handle.db, ADMIN, SITE);
    const boatService = readFeed(own).rows['trips.txt'].find((t) => t.trip_id === 'sch2')?.service_id;
    const sundaysOnly = editFeed(own, 'calendar.txt', (csv) =>
      csv
        .split('\n')
        .map((line) => (line.startsWith(`${boatService ?? '?'},`) ? line.replace(/^([^,]+),(?:[01],){7}/, '$1,0,0,0,0,0,0,1,') : line))
        .join('\n'),
    );
    const id = await storeUpload(handle.db, ADMIN, 'sundays.zip', sundaysOnly);
    const dry = await dryRunUpload(handle.db, ADMIN, id);
    if (!dry) throw new Error('no dry run');
    expect([dry.plan.added.length, dry.plan.changed.length, dry.plan.removed.length]).toEqual([0, 1, 0]);

    const stale = await applyUpload(handle.db, ADMIN, id, '0'.repeat(64), 'req-1');
    expect(stale.result).toBe('plan_changed');
    expect(await handle.db.select().from(schedules).where(eq(schedules.weekdays, 64))).toEqual([]);

    const applied = await applyUpload(handle.db, ADMIN, id, dry.digest, 'req-2');
    expect(applied).toMatchObject({ result: 'applied', imported: { changed: 1, added: 0, removed: 0 } });
    expect(await handle.db.select().from(schedules).where(eq(schedules.weekdays, 64))).toHaveLength(1);
    const [audit] = await handle.db.select().from(networkAudit).where(eq(networkAudit.entity, 'gtfs_import'));
    expect(audit).toMatchObject({ entityKey: id, action: 'apply', requestId: 'req-2', actorId: ADMIN.userId });
    const [upload] = await handle.db.select({ appliedAt: gtfsUploads.appliedAt }).from(gtfsUploads).where(eq(gtfsUploads.id, id));
    expect(upload?.appliedAt).toBeInstanceOf(Date);
  });

  it('applies nothing when its audit row cannot be written: the import and its record commit together', async () => {
    const own = await exportNetworkFeed(handle.db, ADMIN, SITE);
    const busService = readFeed(own).rows['trips.txt'].find((t) => t.trip_id === 'sch1')?.service_id;
    const saturdaysOnly = editFeed(own, 'calendar.txt', (csv) =>
      csv
        .split('\n')
        .map((line) => (line.startsWith(`${busService ?? '?'},`) ? line.replace(/^([^,]+),(?:[01],){7}/, '$1,0,0,0,0,0,1,0,') : line))
        .join('\n'),
    );
    const id = await storeUpload(handle.db, ADMIN, 'saturdays.zip', saturdaysOnly);
    const dry = await dryRunUpload(handle.db, ADMIN, id);
    if (!dry) throw new Error('no dry run');
    const schedulesBefore = await handle.db.select().from(schedules).orderBy(schedules.id);
    // An admin whose account is gone by the time of the apply: the audit row's actor cannot be written.
    const vanished = { userId: 987_654, role: 'admin' as const };
    await expect(applyUpload(handle.db, vanished, id, dry.digest, 'req-gone')).rejects.toThrow();
    expect(await handle.db.select().from(schedules).orderBy(schedules.id)).toEqual(schedulesBefore);
    const [upload] = await handle.db.select({ appliedAt: gtfsUploads.appliedAt }).from(gtfsUploads).where(eq(gtfsUploads.id, id));
    expect(upload?.appliedAt).toBeNull();
  });

  it('never removes a booked departure: the dry run names the booking and the apply is refused', async () => {
    const index = await loadIndex(handle.db, NOW);
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(handle.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    const held = await reserveCart(handle.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, email: 'anna@example.com' });
    if (!held.ok) throw new Error(held.code);

    const own = await exportNetworkFeed(handle.db, ADMIN, SITE);
    const withoutBus = editFeed(own, 'trips.txt', (csv) =>
      csv
        .split('\n')
        .filter((line) => !line.split(',').includes('sch1'))
        .join('\n'),
    );
    const id = await storeUpload(handle.db, ADMIN, 'no-bus.zip', withoutBus);
    const dry = await dryRunUpload(handle.db, ADMIN, id);
    if (!dry) throw new Error('no dry run');
    expect(dry.plan.removed.map((d) => d.scheduleId)).toEqual([1]);
    expect(dry.plan.affectedBookings.map((b) => b.reference)).toEqual([held.booking.reference]);
    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schedules);
    const refused = await applyUpload(handle.db, ADMIN, id, dry.digest, null);
    expect(refused).toMatchObject({ result: 'refused', bookings: [{ reference: held.booking.reference }] });
    expect(await handle.db.select({ n: sql<number>`count(*)::int` }).from(schedules)).toEqual(before);
    expect(await handle.db.select().from(schedules).where(eq(schedules.id, 1))).toHaveLength(1);
  });
});
