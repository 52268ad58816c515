/**
 * After payment, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the confirmation mail goes
 * out once with the e-ticket PDF (reference, passengers, QR) and the calendar file, and the
 * signed ticket links open that booking's tickets and nothing else.
 */
import { GUEST, staff } from '../support/actors.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { ticketLinks } from '../../src/server/tickets/links.ts';
import {
  CLAIM_STALE_MS,
  deliverConfirmationMail,
  deliverOwedConfirmationMails,
  type SendConfirmation,
} from '../../src/server/tickets/confirmationMail.ts';
import { sendBookingConfirmation } from '../../src/server/tickets/mail.ts';
import { loadTicketData } from '../../src/server/tickets/data.ts';
import { ticketPdf } from '../../src/server/tickets/pdf.ts';
import { cancelBooking, cancellationPreview } from '../../src/server/tickets/cancel.ts';
import { deliverOwedCancellationMails, sendCancellationMail } from '../../src/server/tickets/cancellationMail.ts';
import { bookings, departureInventory, payments } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { embeddedFontCharacters, pdfText } from '../support/pdfText.ts';
import { counterOrder, guestReservation } from './bookingFixtures.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

function ctx(path: string, segment: 'en' | 'de' = 'en') {
  const url = new URL(`http://shop.test${path}`);
  const locale = localeBySegment(segment);
  return {
    url,
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  };
}

describe.each(DATABASES)('tickets on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let bookingId = 0;
  let reference = '';
  const sent: MailMessage[] = [];
  const mailer = { send: (m: MailMessage) => Promise.resolve(void sent.push(m)) };

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    index = await refreshSearchIndex(db);
    const booking = await guestReservation(db, index, {
      slug: BUS_THEN_BOAT,
      lang: 'de',
      people: 2,
      email: 'anna.berg@example.com',
      passengers: [{ full_name: 'Anna Berg' }, { full_name: 'Somchai Jaidee' }],
    });
    bookingId = booking.id;
    reference = booking.reference;
    const order = await counterOrder(db, bookingId);
    expect((await markCounterPaid(db, order.providerRef, NOW, staff(1))).result).toBe('confirmed');
  });

  afterAll(async () => {
    await handle.close();
  });

  it('mails the traveller in their language with the PDF ticket and the calendar file', async () => {
    expect(await sendBookingConfirmation(db, bookingId, mailer, NOW)).toBe(true);
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail?.to).toBe('anna.berg@example.com');
    expect(mail?.subject).toContain(reference);
    expect(mail?.subject).toContain('Ihre Buchung'); // German: the cart was made on /de/
    expect(mail?.text).toContain(`/de/ticket?b=${String(bookingId)}&t=`);
    const pdf = mail?.attachments?.find((a) => a.contentType === 'application/pdf');
    const text = pdfText(pdf?.content ?? new Uint8Array());
    expect(text).toContain(reference);
    expect(text).toContain('Anna Berg');
    expect(text).toContain('Somchai Jaidee');
    // The route's two names with a drawn arrow between them (no "->" text).
    expect(text).toContain('1. Mo Chit');
    expect(text).toContain('Chumphon Pier');
    expect(text).not.toContain('->');
    // Times in the station's zone with the zone named, on the PDF as in the mail.
    expect(text).toContain('Indochina Time');
    expect(mail?.text).toContain('Indochina-Zeit');
    const ics = mail?.attachments?.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART:20250604T140000Z');
  });

  it('writes an Arabic mail with every Latin name, time and reference isolated and the arrow pointing left', async () => {
    await db.update(bookings).set({ lang: 'ar' }).where(eq(bookings.id, bookingId));
    const arabic: MailMessage[] = [];
    try {
      expect(await sendBookingConfirmation(db, bookingId, { send: (m: MailMessage) => Promise.resolve(void arabic.push(m)) }, NOW)).toBe(
        true,
      );
    } finally {
      await db.update(bookings).set({ lang: 'de' }).where(eq(bookings.id, bookingId));
    }
    const mail = arabic[0];
    expect(mail?.subject).toContain(`\u2068${reference}\u2069`);
    // "⁨dep⁩ ⁨Mo Chit⁩ ← ⁨arr⁩ ⁨Chumphon Pier⁩": each run in its own isolate, read right to left,
    // the times in Arabic in the station's zone, named.
    expect(mail?.text).toMatch(
      /\u2068[^\u2069]*توقيت[^\u2069]*\u2069 \u2068Mo Chit\u2069 ← \u2068[^\u2069]*توقيت[^\u2069]*\u2069 \u2068Chumphon Pier/,
    );
    expect(mail?.text).not.toContain('→');
    expect(mail?.text).toContain('\u2068Anna Berg\u2069');
  });

  it('prints Vietnamese and Thai names in their own script on the PDF, not as question marks', async () => {
    const english = createTranslator('en', ENGLISH, ENGLISH);
    const ticket = await loadTicketData(db, index, bookingId, 'en', english);
    if (!ticket) throw new Error('no ticket');
    const pdf = await ticketPdf({ ...ticket, passengers: ['Nguyễn Thị Hương', 'สมชาย ใจดี'] }, english);
    expect(pdfText(pdf)).toContain(reference); // Latin text stays in the standard font
    const drawn = await embeddedFontCharacters(pdf);
    for (const ch of 'ễịươสมชายใจดี') expect(drawn).toContain(ch);
  });

  it('prints the station names a driver reads, in Thai beside the Latin ones (issue 17)', async () => {
    const english = createTranslator('en', ENGLISH, ENGLISH);
    const ticket = await loadTicketData(db, index, bookingId, 'en', english);
    if (!ticket) throw new Error('no ticket');
    const thai = ticket.legs.flatMap((l) => [l.from.local_name, l.to.local_name]).find((n) => /[\u0E00-\u0E7F]/u.test(n));
    expect(thai).toMatch(/^[\u0E00-\u0E7F].* \(.+\)$/u);
    const drawn = await embeddedFontCharacters(await ticketPdf(ticket, english));
    for (const ch of (thai ?? '').replace(/[^\u0E00-\u0E7F]/gu, '')) expect(drawn).toContain(ch);
  });

  it('keeps a mail that failed owed and sends it once, later, however many senders race', async () => {
    let attempts = 0;
    const failing: SendConfirmation = () => Promise.reject(new Error(`SMTP down (${String(++attempts)})`));
    const at = new Date(NOW);
    expect(await deliverConfirmationMail(db, bookingId, at, failing)).toBe(false);
    expect(attempts).toBe(1);
    let sends = 0;
    const working: SendConfirmation = async () => {
      sends++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return true;
    };
    // Within the claim's lifetime nobody retries: no tight loop against a broken mail server.
    expect(await deliverOwedConfirmationMails(db, new Date(NOW + 60_000), working)).toBe(0);
    const later = new Date(NOW + CLAIM_STALE_MS + 1_000);
    const raced = await Promise.all(Array.from({ length: 8 }, () => deliverOwedConfirmationMails(db, later, working)));
    expect(raced.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sends).toBe(1);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.confirmationMailedAt).not.toBeNull();
    expect(await deliverOwedConfirmationMails(db, new Date(NOW + 10 * CLAIM_STALE_MS), working)).toBe(0);
    expect(sends).toBe(1);
  });

  it('opens the tickets through the signed link only', async () => {
    const api = createTicketApi({ db, now: () => NOW });
    const links = ticketLinks('en', bookingId, NOW);
    const pdf = await api.pdf(ctx(links.pdf));
    expect(pdf.status).toBe(200);
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(reference);
    const receipt = (await (await api.receipt(ctx(links.receipt))).json()) as { receipt: { reference: string; passengers: string[] } };
    expect(receipt.receipt).toMatchObject({ reference, passengers: ['Anna Berg', 'Somchai Jaidee'] });
    const other = ticketLinks('en', bookingId + 1, NOW).pdf.replace(`b=${String(bookingId + 1)}`, `b=${String(bookingId)}`);
    expect((await api.pdf(ctx(other.replace(/t=[^&]+/, 't=123.forged-signature')))).status).toBe(403);
    expect(
      (await api.ics(ctx(ticketLinks('en', bookingId, NOW).ics.replace(`b=${String(bookingId)}`, `b=${String(bookingId + 7)}`)))).status,
    ).toBe(403);
  });

  it('previews the refund from the free-cancellation deadlines, then cancels and puts the seats back on sale', async () => {
    // The bus may be cancelled free until 24 h before departure; the boat never refunds.
    const preview = await cancellationPreview(db, bookingId, new Date(NOW));
    expect(preview).toMatchObject({ cancellable: true, full: false, refundMinor: 2 * 90_000, deadline: null });
    const soldBefore = await db.select().from(departureInventory);
    expect(soldBefore.every((r) => r.seatsSold === 2)).toBe(true);

    expect(await cancelBooking(db, bookingId, new Date(NOW), GUEST)).toEqual({ ok: true, refundMinor: 180_000, currency: 'THB' });
    const soldAfter = await db.select().from(departureInventory);
    expect(soldAfter.every((r) => r.seatsSold === 0 && r.seatsHeld === 0)).toBe(true);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('refunded');
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment?.status).toBe('refunded');
    expect(await cancelBooking(db, bookingId, new Date(NOW), GUEST)).toEqual({ ok: false, code: 'not_cancellable' });
    expect(row).toMatchObject({ refundMinor: 180_000, cancelledAt: new Date(NOW) });
  });

  it('confirms the cancellation and refund by one mail, however often and however concurrently it is asked', async () => {
    const cancelMails: MailMessage[] = [];
    let failNext = true;
    const flaky = {
      send: (m: MailMessage) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('SMTP down'));
        }
        cancelMails.push(m);
        return new Promise<void>((resolve) => setTimeout(resolve, 20));
      },
    };
    // A failed send gives its claim back: the next repeat of the cancel, or the worker's sweep, sends it.
    expect(await sendCancellationMail(db, bookingId, flaky, NOW)).toBe(false);
    const raced = await Promise.all([
      ...Array.from({ length: 6 }, () => sendCancellationMail(db, bookingId, flaky, NOW)),
      deliverOwedCancellationMails(db, flaky, NOW).then((n) => n > 0),
      deliverOwedCancellationMails(db, flaky, NOW).then((n) => n > 0),
    ]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await deliverOwedCancellationMails(db, flaky, NOW)).toBe(0);
    expect(await sendCancellationMail(db, bookingId, flaky, NOW)).toBe(false);
    expect(cancelMails).toHaveLength(1);
    const mail = cancelMails[0];
    expect(mail?.to).toBe('anna.berg@example.com');
    expect(mail?.subject).toBe(`Ihre Buchung ${reference} ist storniert`);
    // The refund in the traveller's language and money format, and the trip in the stations' zone, zone named.
    expect(mail?.text).toMatch(/1\.800,00\s?(฿|THB)/);
    expect(mail?.text).toContain('Werktagen');
    expect(mail?.text).toContain('Indochina-Zeit');
  });

  it('sends no cancellation mail for a booking that is not cancelled', async () => {
    const none: MailMessage[] = [];
    const [other] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.id, bookingId + 1000));
    expect(other).toBeUndefined();
    expect(await sendCancellationMail(db, bookingId + 1000, { send: (m) => Promise.resolve(void none.push(m)) }, NOW)).toBe(false);
    expect(none).toHaveLength(0);
  });
});
