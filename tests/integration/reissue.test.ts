/**
 * A ticket issued again by staff reaches the traveller: the re-issue records `ticket.reissued`
 * in its own transaction, and the real subscribers (the same wiring the events job uses) mail
 * the ticket once more — and only once however often the events are delivered. Mails land in a
 * throwaway outbox of this file's own, counted per address.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { reissueTicket } from '../../src/server/booking/lifecycle/changes.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookingAudit } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { SUBSCRIBERS } from '../../src/server/events/subscribers.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { staff } from '../support/actors.ts';
import { counterOrder, counterPaymentSucceeded, guestReservation } from './bookingFixtures.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

let outbox: string;

beforeAll(async () => {
  // Read once, when the first mail goes out: set before any does.
  outbox = await mkdtemp(join(tmpdir(), 'roamly-reissue-outbox-'));
  process.env.MAIL_OUTBOX_DIR = outbox;
});

afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

/** Ticket mails in the outbox addressed to one traveller. */
async function ticketMailsTo(address: string): Promise<number> {
  let count = 0;
  for (const file of await readdir(outbox).catch(() => [])) {
    const text = await readFile(join(outbox, file), 'utf8');
    if (text.includes(`To: ${address}`) && text.includes('.pdf')) count += 1;
  }
  return count;
}

describe.each(DATABASES)('re-issued tickets on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    index = await loadIndex(db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function paidBooking(email: string) {
    const booking = await guestReservation(db, index, { email });
    await counterPaymentSucceeded(db, await counterOrder(db, booking.id), `evt_reissue_${name}_${email}`);
    return booking.id;
  }

  it('mails the ticket again after staff re-issue it, once however often the events are delivered', async () => {
    const email = `reissue-${name}@example.com`;
    const bookingId = await paidBooking(email);
    const dispatcher = createEventDispatcher(SUBSCRIBERS);
    const deliverAll = async (at: number) => {
      while ((await dispatcher.deliverDue(db, new Date(at))) > 0);
    };

    await deliverAll(NOW + 1_000);
    expect(await ticketMailsTo(email)).toBe(1);

    await reissueTicket(db, bookingId, new Date(NOW + 60_000), { ...staff(7), reason: 'traveller lost the mail' });
    await Promise.all([deliverAll(NOW + 61_000), deliverAll(NOW + 61_000)]);
    expect(await ticketMailsTo(email)).toBe(2);

    await deliverAll(NOW + 10 * 3_600_000);
    expect(await ticketMailsTo(email)).toBe(2);

    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, bookingId)).orderBy(bookingAudit.id);
    expect(audit.at(-1)).toMatchObject({
      transition: 'reissue_ticket',
      actorKind: 'staff',
      actorId: '7',
      reason: 'traveller lost the mail',
    });
  });
});
