/**
 * support/change-passengers-details (issue 24 item 4), on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: before the operator's cut-off the traveller's correction changes the booking and
 * mails a re-issued ticket, with the traveller as actor in the audit; after it the booking stays
 * as it was and Support gets a pending request. Access: the ticket link or the browser that
 * booked; a forged link or another browser gets the refusal of docs/SECURITY.md.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { apiRouteFor, operationFor } from '../../src/server/api/routes.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookingAudit, bookings, passengerChangeRequests } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { SUBSCRIBERS } from '../../src/server/events/subscribers.ts';
import { bookingFile } from '../../src/server/ops/bookings.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createSelfServiceApi } from '../../src/server/selfservice/api.ts';
import { ticketToken } from '../../src/server/tickets/links.ts';
import { GUEST, staff } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';

/** The bus leaves 2025-06-04 14:00 UTC; its operator closes the passenger list 60 minutes before. */
const BEFORE_CUTOFF = Date.UTC(2025, 5, 3, 10);
const AFTER_CUTOFF = Date.UTC(2025, 5, 4, 13, 30);
const PATH = '/api/nuxt/en/support/change-passengers-details';

let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'roamly-passengers-outbox-'));
  process.env.MAIL_OUTBOX_DIR = outbox;
});

afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

/** Ticket mails (with the PDF) to one address, as their text parts. */
async function ticketMailsTo(address: string): Promise<string[]> {
  const mails: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [])).sort()) {
    const text = await readFile(join(outbox, file), 'utf8');
    if (text.includes(`To: ${address}`) && text.includes('application/pdf')) mails.push(text);
  }
  return mails;
}

function post(body: unknown, cookie?: string) {
  return travellerApiContext(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The one success status the operation declares in the API reference (server/api/openapi.ts). */
function declaredStatus(): number | undefined {
  const route = apiRouteFor(PATH);
  return route && operationFor(route, 'POST')?.ok.status;
}

async function shape(response: Response) {
  const body = (await response.json()) as { status?: string; error?: { code: string; fields?: Record<string, string[]> } };
  return { status: response.status, body };
}

describe.each(DATABASES)('traveller passenger changes on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  const dispatcher = createEventDispatcher(SUBSCRIBERS);
  const deliverAll = async (at: number) => {
    while ((await dispatcher.deliverDue(db, new Date(at))) > 0);
  };
  const api = (at: number) => createSelfServiceApi({ db, now: () => at });

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    index = await refreshSearchIndex(db);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function paidBooking(email: string) {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    const reserved = await reserveCart(db, {
      hash,
      index,
      now: NOW,
      holdMinutes: 20,
      ctx: GUEST,
      email,
      passengers: [{ first_name: 'Mali', last_name: 'Sukjai', document_number: 'AA1234567' }],
    });
    if (!reserved.ok) throw new Error(reserved.code);
    const order = await placeOrder(db, {
      bookingId: reserved.booking.id,
      paygate: 'counter',
      origin: 'http://shop.test',
      now: NOW,
      ctx: GUEST,
    });
    if (!order.ok) throw new Error(order.code);
    await markCounterPaid(db, order.providerRef, NOW, staff(1));
    await deliverAll(NOW + 1_000);
    return reserved.booking;
  }

  it('before the cut-off: the ticket link corrects the name, the ticket is re-issued and mailed again', async () => {
    const email = `change-${name}@example.com`;
    const booking = await paidBooking(email);
    expect(await ticketMailsTo(email)).toHaveLength(1);

    const link = { b: booking.id, t: ticketToken(booking.id, BEFORE_CUTOFF) };
    const answer = await shape(await api(BEFORE_CUTOFF).changePassengers(post({ ...link, passengers: [{ first_name: 'Malee' }] }, 'x=y')));
    expect(answer).toEqual({ status: 200, body: { status: 'reissued' } });
    expect(answer.status).toBe(declaredStatus());

    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.passengers).toEqual([{ first_name: 'Malee', last_name: 'Sukjai', document_number: 'AA1234567' }]);
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, booking.id)).orderBy(bookingAudit.id);
    expect(audit.slice(-2)).toMatchObject([
      { transition: 'change_passengers', actorKind: 'traveller' },
      { transition: 'reissue_ticket', actorKind: 'traveller' },
    ]);

    await deliverAll(BEFORE_CUTOFF + 1_000);
    const mails = await ticketMailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Malee Sukjai');
  });

  it('the browser that booked may correct by public id; another browser and a forged link may not', async () => {
    const booking = await paidBooking(`access-${name}@example.com`);
    const correction = { passengers: [{ document_number: 'BB7654321' }] };
    const stranger = await shape(
      await api(BEFORE_CUTOFF).changePassengers(
        post({ booking: booking.publicId, ...correction }, 'cart_session=another-browser-session-key-0123456789'),
      ),
    );
    expect(stranger).toMatchObject({ status: 404, body: { error: { code: 'booking_not_found' } } });
    const forged = await shape(
      await api(BEFORE_CUTOFF).changePassengers(post({ b: booking.id, t: `9999999999.${'x'.repeat(32)}`, ...correction })),
    );
    expect(forged).toMatchObject({ status: 403, body: { error: { code: 'invalid_ticket_link' } } });
    const [unchanged] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(unchanged?.passengers[0]?.document_number).toBe('AA1234567');

    const owner = await shape(await api(BEFORE_CUTOFF).changePassengers(post({ booking: booking.publicId, ...correction })));
    expect(owner).toEqual({ status: 200, body: { status: 'reissued' } });
    const [changed] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(changed?.passengers[0]?.document_number).toBe('BB7654321');
  });

  it('refuses fields that cannot be corrected, a correction that changes nothing and a wrong passenger count', async () => {
    const booking = await paidBooking(`invalid-${name}@example.com`);
    const link = { b: booking.id, t: ticketToken(booking.id, BEFORE_CUTOFF) };
    const nationality = await shape(await api(BEFORE_CUTOFF).changePassengers(post({ ...link, passengers: [{ nationality: 'TH' }] })));
    expect(nationality.status).toBe(422);
    expect(nationality.body.error?.code).toBe('invalid_passenger_change');
    const expired = await shape(
      await api(BEFORE_CUTOFF).changePassengers(post({ ...link, passengers: [{ document_expiry: '2024-01-01' }] })),
    );
    expect(expired.body.error?.fields).toEqual({ 'passengers.0.document_expiry': ['field-error-date-past'] });
    const same = await shape(await api(BEFORE_CUTOFF).changePassengers(post({ ...link, passengers: [{ first_name: 'Mali' }] })));
    expect(same).toMatchObject({ status: 422, body: { error: { fields: { passengers: ['support.change.nothingChanged'] } } } });
    const two = await shape(
      await api(BEFORE_CUTOFF).changePassengers(post({ ...link, passengers: [{ first_name: 'A' }, { first_name: 'B' }] })),
    );
    expect(two.status).toBe(422);
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, booking.id));
    expect(audit.some((a) => a.transition === 'change_passengers')).toBe(false);
  });

  it('after the cut-off: nothing changes, the correction waits for Support on the booking page', async () => {
    const email = `late-${name}@example.com`;
    const booking = await paidBooking(email);
    const link = { b: booking.id, t: ticketToken(booking.id, AFTER_CUTOFF) };
    const answer = await shape(await api(AFTER_CUTOFF).changePassengers(post({ ...link, passengers: [{ last_name: 'Sukjai-Dee' }] })));
    // The same declared status as before the cut-off: the body says what happened.
    expect(answer.status).toBe(200);
    expect(answer.status).toBe(declaredStatus());
    expect(answer.body.status).toBe('requested');

    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.passengers[0]?.last_name).toBe('Sukjai');
    const requests = await db.select().from(passengerChangeRequests).where(eq(passengerChangeRequests.bookingId, booking.id));
    expect(requests).toMatchObject([{ status: 'pending', passengers: [{ first_name: 'Mali', last_name: 'Sukjai-Dee' }] }]);
    expect((await bookingFile(db, booking.id))?.changeRequests).toHaveLength(1);
    await deliverAll(AFTER_CUTOFF + 1_000);
    expect(await ticketMailsTo(email)).toHaveLength(1);
  });
});
