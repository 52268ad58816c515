/**
 * Each paid part is ticketed on its own (issue 26): the bus part of a bus + boat cart whose boat
 * operator collects its own payment prints only the bus leg, the boat part only the boat leg — on
 * the ticket data, the PDF, the calendar file and the confirmation mail — each with its own total.
 * Runs on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { reserveCart, type ReservedBooking } from '../../src/server/booking/reserve.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, operators, users } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { loadTicketData } from '../../src/server/tickets/data.ts';
import { ticketLinks } from '../../src/server/tickets/links.ts';
import { sendBookingConfirmation } from '../../src/server/tickets/mail.ts';
import { bookingListEntries, userBookings } from '../../src/server/accounts/bookings.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import { payPageView } from '../../src/server/checkout/payPageView.ts';
import { paymentStatusView } from '../../src/server/checkout/paymentStatusView.ts';
import { paymentSuccessView } from '../../src/server/checkout/paymentSuccessView.ts';
import { ticketPageView } from '../../src/server/selfservice/ticketPageView.ts';
import { passengerFormView } from '../../src/server/selfservice/ticketForm.ts';
import { changesCloseAt } from '../../src/server/booking/changesClose.ts';
import { staff, GUEST } from '../support/actors.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { pdfText } from '../support/pdfText.ts';
import { cartsFor, counterOrder } from './bookingFixtures.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const BUS_STOP = 'Mo Chit';
const ISLAND_PIER = 'Mae Haad Pier';
const english = createTranslator('en', ENGLISH, ENGLISH);

const EN = { code: 'en', segment: 'en' };

function ticketContext(path: string) {
  const locale = localeBySegment('en');
  return {
    url: new URL(`http://shop.test${path}`),
    locals: { locale, messages: messagesFor(locale.code), t: english },
  };
}

describe.each(DATABASES)('split tickets on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let busPart: ReservedBooking;
  let boatPart: ReservedBooking;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    // Island Boats (the boat leg) takes the money for its trips itself: the cart is paid in two parts.
    await db.update(operators).set({ collectsOwnPayment: true }).where(eq(operators.id, 2));
    index = await refreshSearchIndex(db);
    const reserved = await reserveParts(BUS_THEN_BOAT);
    for (const part of reserved.parts) await payAtCounter(part.id);
    [busPart, boatPart] = reserved.parts as [ReservedBooking, ReservedBooking];
  });

  /** A bus + boat cart of one traveller, reserved in its two parts (the shop's carries 500 of add-ons). */
  async function reserveParts(slug: string): Promise<{ hash: string; parts: ReservedBooking[] }> {
    const [hash = ''] = await cartsFor(db, index, { slug });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    const reserved = await reserveCart(db, {
      hash,
      index,
      now: NOW,
      holdMinutes: 20,
      ctx: GUEST,
      email: 'split.parts@example.com',
      passengers: [{ full_name: 'Mai Parts' }],
      extraMinor: () => 500,
    });
    if (!reserved.ok) throw new Error(reserved.code);
    expect(reserved.bookings).toHaveLength(2);
    return { hash, parts: reserved.bookings };
  }

  async function payAtCounter(bookingId: number): Promise<void> {
    const order = await counterOrder(db, bookingId);
    expect((await markCounterPaid(db, order.providerRef, NOW, staff(1))).result).toBe('confirmed');
  }

  afterAll(async () => {
    await handle.close();
  });

  it("each part's ticket carries only its own legs and its own total", async () => {
    const bus = await loadTicketData(db, index, busPart.id, 'en', english);
    expect(bus?.products).toEqual([]);
    const boat = await loadTicketData(db, index, boatPart.id, 'en', english);
    expect(bus?.legs.map((l) => [l.from.name, l.to.name, l.operator?.name])).toEqual([[BUS_STOP, 'Chumphon Pier', 'Green Bus']]);
    expect(boat?.legs.map((l) => [l.from.name, l.to.name, l.operator?.name])).toEqual([['Chumphon Pier', ISLAND_PIER, 'Island Boats']]);
    // The shop's part carries the add-ons (500); each part's total is its own booking's.
    expect(bus?.total.minor).toBe(busPart.totalMinor);
    expect(boat?.total.minor).toBe(boatPart.totalMinor);
    expect(busPart.totalMinor).not.toBe(boatPart.totalMinor);
  });

  it("each part's passengers can be corrected until its own leg's cut-off, not the other part's", async () => {
    const closesAt = async (id: number) => {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row ? changesCloseAt(db, row) : null;
    };
    const busCloses = await closesAt(busPart.id);
    const boatCloses = await closesAt(boatPart.id);
    if (!busCloses || !boatCloses) throw new Error('both parts have legs');
    // The fixture's boat leaves at 07:00 and its bus at 21:00 on the same day, each an hour's cut-off.
    expect(boatCloses.getTime()).toBeLessThan(busCloses.getTime());
    // Between the two the boat part is closed and the bus part still takes corrections.
    const between = new Date(boatCloses.getTime() + 60_000);
    expect((await passengerFormView(db, boatPart.id, between))?.closed).toBe(true);
    expect((await passengerFormView(db, busPart.id, between))?.closed).toBe(false);
  });

  it("each part's PDF and calendar file name only its own leg", async () => {
    const api = createTicketApi({ db, now: () => NOW });
    const texts = async (id: number) => {
      const links = ticketLinks('en', id, NOW);
      const pdf = await api.pdf(ticketContext(links.pdf));
      expect(pdf.status).toBe(200);
      const ics = await api.ics(ticketContext(links.ics));
      expect(ics.status).toBe(200);
      return { pdf: pdfText(new Uint8Array(await pdf.arrayBuffer())), ics: await ics.text() };
    };
    const bus = await texts(busPart.id);
    const boat = await texts(boatPart.id);
    expect(bus.pdf).toContain(BUS_STOP);
    expect(bus.pdf).not.toContain(ISLAND_PIER);
    expect(boat.pdf).toContain(ISLAND_PIER);
    expect(boat.pdf).not.toContain(BUS_STOP);
    expect(bus.ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(bus.ics).not.toContain(ISLAND_PIER);
    expect(boat.ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(boat.ics).not.toContain(BUS_STOP);
  });

  it("each part's confirmation mail lists only its own leg", async () => {
    const sent: MailMessage[] = [];
    const mailer = { send: (m: MailMessage) => Promise.resolve(void sent.push(m)) };
    expect(await sendBookingConfirmation(db, busPart.id, mailer, NOW)).toBe(true);
    expect(await sendBookingConfirmation(db, boatPart.id, mailer, NOW)).toBe(true);
    const [bus, boat] = sent;
    expect(bus?.text).toContain(BUS_STOP);
    expect(bus?.text).not.toContain(ISLAND_PIER);
    expect(boat?.text).toContain(ISLAND_PIER);
    expect(boat?.text).not.toContain(BUS_STOP);
    const busPdf = bus?.attachments?.find((a) => a.contentType === 'application/pdf');
    expect(pdfText(busPdf?.content ?? new Uint8Array())).not.toContain(ISLAND_PIER);
  });

  it("each part's ticket page shows only its own legs, and the payment success page only its own trip and total", async () => {
    for (const [part, own, other] of [
      [busPart, BUS_STOP, ISLAND_PIER],
      [boatPart, ISLAND_PIER, BUS_STOP],
    ] as const) {
      const links = ticketLinks('en', part.id, NOW);
      const page = await ticketPageView(travellerApiContext(links.page), db, NOW);
      if (page.kind !== 'page') throw new Error('expected the ticket page');
      expect(page.status).toBe(200);
      const names = page.ticket?.legs.flatMap((l) => [l.from.name, l.to.name]);
      expect(names).toContain(own);
      expect(names).not.toContain(other);
      expect(page.ticket?.total.minor).toBe(part.totalMinor);

      const success = await paymentSuccessView(
        { request: travellerApiContext('/x').request, bookingId: part.publicId, locale: EN },
        db,
        new Date(NOW),
      );
      if (success.kind !== 'paid') throw new Error(`expected a paid booking, got ${success.kind}`);
      const legs = success.trip?.items.flatMap((i) => i.legs.flatMap((l) => [l.from.name, l.to.name]));
      expect(legs).toContain(own);
      expect(legs).not.toContain(other);
      expect(success.trip?.total.minor).toBe(part.totalMinor);
      // Both parts are paid: nothing leads back to the pay step.
      expect(success.nextPartUrl).toBeNull();
    }
  });

  it('a part paid while the other still holds its seats leads back to the pay step from its success and status pages', async () => {
    const { hash, parts } = await reserveParts(BUS_THEN_BOAT.replaceAll('2025-06-04', '2025-06-05'));
    const [bus, boat] = parts as [ReservedBooking, ReservedBooking];
    await payAtCounter(bus.id);
    const page = { request: travellerApiContext('/x').request, bookingId: bus.publicId, locale: EN };
    const success = await paymentSuccessView(page, db, new Date(NOW));
    expect(success.kind === 'paid' && success.nextPartUrl).toBe(`/en/pay/${hash}`);
    const status = await paymentStatusView({ ...page, checkoutHash: undefined }, db, new Date(NOW));
    expect(status.kind === 'found' && status.nextPartUrl).toBe(`/en/pay/${hash}`);
    // The boat part's own status page: the bus part is paid, nothing else is left to pay but itself.
    const boatStatus = await paymentStatusView({ ...page, bookingId: boat.publicId, checkoutHash: undefined }, db, new Date(NOW));
    expect(boatStatus.kind === 'found' && boatStatus.nextPartUrl).toBeNull();
    // The boat's status page names the boat's pier as where a counter order is paid, not the bus station.
    expect(boatStatus.kind === 'found' && boatStatus.station.name).toBe('Chumphon Pier');

    // The pay step: one entry per part with its own total; the paid one with its ticket, the other with paygates.
    const pay = await payPageView(
      { hashParam: hash, url: new URL(`http://shop.test/en/pay/${hash}`), locale: EN, t: english },
      db,
      new Date(NOW),
    );
    if (pay.kind !== 'pay') throw new Error('expected the pay step');
    expect(pay.parts.map((p) => [p.booking.id, p.state, p.total.minor, p.ticketUrl !== null, p.paygates.length > 0])).toEqual([
      [bus.id, 'paid', bus.totalMinor, true, false],
      [boat.id, 'to_pay', boat.totalMinor, false, true],
    ]);
    expect(pay.lead.booking.id).toBe(boat.id);

    await payAtCounter(boat.id);
    const after = await paymentSuccessView(page, db, new Date(NOW));
    expect(after.kind === 'paid' && after.nextPartUrl).toBeNull();
  });

  it('a refused passenger correction on the ticket page reads as translated messages, not as codes', async () => {
    const links = ticketLinks('en', busPart.id, NOW);
    const form = new URLSearchParams({ action: 'passengers', 'p0.full_name': '' });
    const posted = await ticketPageView(
      travellerApiContext(links.page, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      db,
      NOW,
    );
    if (posted.kind !== 'page') throw new Error('expected the ticket page');
    expect(posted.status).toBe(422);
    expect(posted.changeErrors).toEqual({ 'p0.full_name': ['checkout.errorRequired'] });
    expect(english('checkout.errorRequired')).not.toBe('checkout.errorRequired');
  });

  it("the account's booking list groups the parts of one trip, each with only its own legs, status, total and tickets", async () => {
    const [user] = await db
      .insert(users)
      .values({ email: 'split.parts@example.com', emailVerifiedAt: new Date(NOW) })
      .returning();
    if (!user) throw new Error('no user');
    const deps = { db, now: () => new Date(NOW) };
    const listed = await userBookings(deps, user, 'en', 'en');
    const bus = listed.find((b) => b.id === busPart.publicId);
    const boat = listed.find((b) => b.id === boatPart.publicId);
    expect(bus?.itinerary.map((l) => [l.from, l.to])).toEqual([[BUS_STOP, 'Chumphon Pier']]);
    expect(boat?.itinerary.map((l) => [l.from, l.to])).toEqual([['Chumphon Pier', ISLAND_PIER]]);
    expect(bus?.part).toEqual({ trip: busPart.publicId, number: 1, of: 2, collector: null });
    expect(boat?.part).toEqual({ trip: busPart.publicId, number: 2, of: 2, collector: 'Island Boats' });
    expect([bus?.total.minor, boat?.total.minor]).toEqual([busPart.totalMinor, boatPart.totalMinor]);
    expect(bus?.tickets?.page).not.toBe(boat?.tickets?.page);

    // One entry per trip: this cart's parts together, in part order, whatever order the list came in.
    const entries = bookingListEntries([...listed].reverse());
    const trip = entries.find((e) => e.kind === 'parts' && e.trip === busPart.publicId);
    expect(trip?.kind === 'parts' && trip.parts.map((p) => p.id)).toEqual([busPart.publicId, boatPart.publicId]);
    expect(entries.filter((e) => e.kind === 'parts' && e.parts.some((p) => p.id === boatPart.publicId))).toHaveLength(1);
  });
});
