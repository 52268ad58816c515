/**
 * Each paid part is ticketed on its own (issue 26): the bus part of a bus + boat cart whose boat
 * operator collects its own payment prints only the bus leg, the boat part only the boat leg — on
 * the ticket data, the PDF, the calendar file and the confirmation mail — each with its own total.
 * Runs on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { reserveCart, type ReservedBooking } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { operators } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { loadTicketData } from '../../src/server/tickets/data.ts';
import { ticketLinks } from '../../src/server/tickets/links.ts';
import { sendBookingConfirmation } from '../../src/server/tickets/mail.ts';
import { staff, GUEST } from '../support/actors.ts';
import { pdfText } from '../support/pdfText.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const BUS_STOP = 'Mo Chit';
const ISLAND_PIER = 'Mae Haad Pier';
const english = createTranslator('en', ENGLISH, ENGLISH);

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
    const selections = parseAddToCartSlug(BUS_THEN_BOAT) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
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
    const [bus, boat] = reserved.bookings;
    if (!bus || !boat) throw new Error('expected two parts');
    for (const part of [bus, boat]) {
      const order = await placeOrder(db, { bookingId: part.id, paygate: 'counter', origin: 'http://shop.test', now: NOW, ctx: GUEST });
      if (!order.ok) throw new Error(order.code);
      expect((await markCounterPaid(db, order.providerRef, NOW, staff(1))).result).toBe('confirmed');
    }
    busPart = bus;
    boatPart = boat;
  });

  afterAll(async () => {
    await handle.close();
  });

  it("each part's ticket carries only its own legs and its own total", async () => {
    const bus = await loadTicketData(db, index, busPart.id, 'en', english);
    const boat = await loadTicketData(db, index, boatPart.id, 'en', english);
    expect(bus?.legs.map((l) => [l.from.name, l.to.name, l.operator?.name])).toEqual([[BUS_STOP, 'Chumphon Pier', 'Green Bus']]);
    expect(boat?.legs.map((l) => [l.from.name, l.to.name, l.operator?.name])).toEqual([['Chumphon Pier', ISLAND_PIER, 'Island Boats']]);
    // The shop's part carries the add-ons (500); each part's total is its own booking's.
    expect(bus?.total.minor).toBe(busPart.totalMinor);
    expect(boat?.total.minor).toBe(boatPart.totalMinor);
    expect(busPart.totalMinor).not.toBe(boatPart.totalMinor);
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
});
