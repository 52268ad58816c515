/**
 * Mail preferences (issue 24), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the trip
 * reminder — the first non-transactional mail — carries the signed unsubscribe link and the
 * RFC 8058 one-click headers; the one-click POST to that URL stops reminders for the address and
 * nothing else: the re-issued ticket still arrives. Mails land in this file's own outbox as the
 * `.eml` files the server writes, so the headers checked are the ones a mail client reads.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { reissueTicket } from '../../src/server/booking/lifecycle/changes.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { mailOptOuts, tripReminderMails } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { SUBSCRIBERS } from '../../src/server/events/subscribers.ts';
import { createMailPreferencesApi } from '../../src/server/mail/api.ts';
import { markCounterPaid } from '../../src/server/payment/counter.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { sendDueTripReminders } from '../../src/server/tickets/tripReminder.ts';
import { staff } from '../support/actors.ts';
import { counterOrder, guestReservation } from './bookingFixtures.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

/** The bus leaves 2025-06-04 14:00 UTC: twelve hours before, its reminder is due. */
const DAY_BEFORE = Date.UTC(2025, 5, 4, 2);

let outbox: string;

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'roamly-mailprefs-outbox-'));
  process.env.MAIL_OUTBOX_DIR = outbox;
});

afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

/** The raw messages in the outbox addressed to one traveller. */
async function mailsTo(address: string): Promise<string[]> {
  const mails: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [])).sort()) {
    const text = await readFile(join(outbox, file), 'utf8');
    if (text.includes(`To: ${address}`)) mails.push(text);
  }
  return mails;
}

const isTicket = (mail: string) => mail.includes('application/pdf');
const isReminder = (mail: string) => mail.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

function apiContext(url: string, init?: RequestInit) {
  const locale = localeBySegment('en');
  return {
    url: new URL(url),
    request: new Request(url, init),
    locals: { locale, t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  } as unknown as Parameters<ReturnType<typeof createMailPreferencesApi>['get']>[0];
}

describe.each(DATABASES)('mail preferences on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  const api = () => createMailPreferencesApi({ db, now: () => DAY_BEFORE });
  const dispatcher = createEventDispatcher(SUBSCRIBERS);
  const deliverAll = async (at: number) => {
    while ((await dispatcher.deliverDue(db, new Date(at))) > 0);
  };

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    index = await refreshSearchIndex(db);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function paidBooking(email: string): Promise<number> {
    const booking = await guestReservation(db, index, { email, passengers: [{ first_name: 'Mali', last_name: 'Sukjai' }] });
    await markCounterPaid(db, (await counterOrder(db, booking.id)).providerRef, NOW, staff(1));
    await deliverAll(NOW + 1_000);
    return booking.id;
  }

  /** The List-Unsubscribe URL of a raw message (nodemailer may fold the header line). */
  function oneClickUrl(mail: string): string {
    const unfolded = mail.replace(/\r?\n[ \t]+/g, ' ');
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded)?.[1];
    if (!url) throw new Error('no List-Unsubscribe header');
    return url;
  }

  it('sends the reminder the day before with the unsubscribe link and the one-click headers, once', async () => {
    const email = `remind-${name}@example.com`;
    const bookingId = await paidBooking(email);
    expect(await sendDueTripReminders(db, new Date(NOW))).toBe(0); // two days ahead: not yet

    expect(await sendDueTripReminders(db, new Date(DAY_BEFORE))).toBeGreaterThanOrEqual(1);
    expect(await sendDueTripReminders(db, new Date(DAY_BEFORE + 60_000))).toBe(0); // once only
    const reminders = (await mailsTo(email)).filter(isReminder);
    expect(reminders).toHaveLength(1);
    const [reminder = ''] = reminders;
    const url = new URL(oneClickUrl(reminder));
    expect(url.pathname).toBe('/api/nuxt/en/unsubscribe');
    expect(url.searchParams.get('type')).toBe('reminder');
    expect(url.searchParams.get('email')).toBe(email);
    // The text carries the page link with the same signed query.
    expect(reminder.replace(/=\r?\n/g, '')).toContain('/en/email/unsubscribe?type=3Dreminder');
    const [row] = await db.select().from(tripReminderMails).where(eq(tripReminderMails.bookingId, bookingId));
    expect(row?.outcome).toBe('sent');
  });

  it('a one-click unsubscribe stops reminders to that address, and the re-issued ticket still arrives', async () => {
    const email = `oneclick-${name}@example.com`;
    const first = await paidBooking(email);
    await sendDueTripReminders(db, new Date(DAY_BEFORE));
    const [reminder = ''] = (await mailsTo(email)).filter(isReminder);

    // The mail client's POST: form body, no cookies, no Origin.
    const answer = await api().oneClick(
      apiContext(oneClickUrl(reminder), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ unsubscribed: true, type: 'reminder' });
    const optOuts = await db.select().from(mailOptOuts).where(eq(mailOptOuts.email, email));
    expect(optOuts).toMatchObject([{ mailType: 'reminder', via: 'one_click' }]);

    // A second trip of the same traveller: no reminder, the claim records why.
    const second = await paidBooking(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'));
    await sendDueTripReminders(db, new Date(DAY_BEFORE + 120_000));
    const [row] = await db.select().from(tripReminderMails).where(eq(tripReminderMails.bookingId, second));
    expect(row?.outcome).toBe('opted_out');
    expect((await mailsTo(email)).filter(isReminder)).toHaveLength(1);

    // Transactional mail is never blocked: the re-issued ticket goes out.
    const ticketsBefore = (await mailsTo(email)).filter(isTicket).length;
    await reissueTicket(db, first, new Date(DAY_BEFORE + 180_000), { ...staff(3), reason: 'lost the mail' });
    await deliverAll(DAY_BEFORE + 181_000);
    expect((await mailsTo(email)).filter(isTicket)).toHaveLength(ticketsBefore + 1);
  });

  it('refuses a forged hash, a wrong type and a POST without the one-click body, and records nothing', async () => {
    const email = `forged-${name}@example.com`;
    const base = 'http://shop.test/api/nuxt/en/unsubscribe';
    const forged = await api().get(apiContext(`${base}?type=reminder&email=${encodeURIComponent(email)}&hash=${'A'.repeat(32)}`));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('invalid_unsubscribe_link');
    const wrongType = await api().get(apiContext(`${base}?type=tickets&email=${encodeURIComponent(email)}&hash=${'A'.repeat(32)}`));
    expect(wrongType.status).toBe(403);
    expect(((await wrongType.json()) as { error: { fields?: Record<string, string[]> } }).error.fields).toHaveProperty('type');
    const noBody = await api().oneClick(
      apiContext(`${base}?type=reminder&email=${encodeURIComponent(email)}&hash=${'A'.repeat(32)}`, { method: 'POST' }),
    );
    expect(noBody.status).toBe(403);
    expect(await db.select().from(mailOptOuts).where(eq(mailOptOuts.email, email))).toEqual([]);
  });
});
