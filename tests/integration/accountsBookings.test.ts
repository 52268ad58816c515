/**
 * "My bookings" end to end on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a signed-in
 * traveller's checkout books onto their account, `user/bookings` lists status, itinerary and
 * signed ticket links for their own bookings only, and guest bookings made with the account's
 * email appear only once that email is verified.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { createSession } from '../../src/server/accounts/sessions.ts';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCheckoutApi, type CheckoutApi } from '../../src/server/checkout/api.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, users } from '../../src/server/db/schema.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { verifyTicketToken } from '../../src/server/tickets/links.ts';
import { createHarness, signUp, type Browser, type Harness } from './accountsHarness.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

interface Listed {
  id: string;
  reference: string;
  status: string;
  itinerary: { from: string; to: string; operator: string }[];
  tickets: { page: string; pdf: string; ics: string; cancel: string } | null;
}

describe.each(DATABASES)('my bookings on $name', (database) => {
  let handle: DbHandle;
  let h: Harness;
  let checkout: CheckoutApi;

  beforeAll(async () => {
    handle = await database.open();
    h = await createHarness(handle);
    h.clock.now = NOW;
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 40 });
    await refreshSearchIndex(handle.db);
    checkout = createCheckoutApi({ db: handle.db, now: () => NOW, holdMinutes: 20 });
  });
  afterAll(async () => {
    await handle.close();
  });

  const list = async (b: Browser) => (await b.call((a) => a.bookings, 'GET')).body.bookings as Listed[];

  /** Reserves a bus seat through the checkout API, with the browser's cookies if given. */
  async function reserve(email: string, cookie?: string): Promise<string> {
    const added = await addToCart(handle.db, await refreshSearchIndex(handle.db), {
      slug: BUS,
      lang: 'en',
      currency: 'THB',
      people: 1,
      now: NOW,
      sessionKey: TRAVELLER_SESSION,
    });
    if (!added.ok) throw new Error(added.code);
    const url = new URL('http://shop.test/api/nuxt/en/checkout/reserve');
    const locale = localeBySegment('en');
    const headers = new Headers({ 'content-type': 'application/json' });
    if (cookie) headers.set('cookie', cookie);
    const form = {
      email,
      phone: '+66 81 234 5678',
      passengers: [{ full_name: 'Anna Berg', nationality: 'SE', document_number: 'X1234567' }],
      addons: { insurance: null, luggage: [], pickup: null },
    };
    const response = await checkout.reserve({
      request: new Request(url, { method: 'POST', headers, body: JSON.stringify({ form }) }),
      url,
      params: { hash: added.hash },
      locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { booking: { id: string } }).booking.id;
  }

  const cookieOf = (b: Browser) => [...b.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const ownerOf = async (id: string) => (await handle.db.select().from(bookings).where(eq(bookings.publicId, id)))[0]?.userId;
  const pay = (id: string) => handle.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.publicId, id));

  it('links a signed-in traveller’s checkout booking to their account, and a visitor’s to nobody', async () => {
    const b = h.browser();
    const id = await signUp(h, b, 'ada@example.com');
    const signedIn = await reserve('ada.travel@example.net', cookieOf(b));
    expect(await ownerOf(signedIn)).toBe(id);
    // Negative controls: no cookie, and a temporary ticket-link session, both stay guest bookings.
    expect(await ownerOf(await reserve('ada.travel@example.net'))).toBeNull();
    const temp = await createSession(h.deps, id, { isTemp: true });
    expect(await ownerOf(await reserve('ada.travel@example.net', `session=${temp}`))).toBeNull();
    // The booking made under a different email still shows in the account it was made from.
    expect((await list(b)).map((x) => x.id)).toEqual([signedIn]);
  });

  it('lists status, itinerary and signed ticket links for paid bookings, and only the traveller’s own', async () => {
    const jo = h.browser();
    await signUp(h, jo, 'jo@example.com');
    const kim = h.browser();
    await signUp(h, kim, 'kim@example.com');
    const paid = await reserve('jo@example.com', cookieOf(jo));
    await pay(paid);
    const unpaid = await reserve('jo@example.com', cookieOf(jo));
    const kims = await reserve('kim@example.com', cookieOf(kim));
    await pay(kims);

    const mine = await list(jo);
    expect(mine.map((x) => x.id).sort()).toEqual([paid, unpaid].sort());
    // Ticket links are signed for the booking's row id (a forged id fails the signature).
    const paidRow = (await handle.db.select().from(bookings).where(eq(bookings.publicId, paid)))[0]?.id ?? 0;
    const listed = mine.find((x) => x.id === paid);
    expect(listed).toMatchObject({ status: 'confirmed', itinerary: [{ from: 'Mo Chit' }] });
    const page = new URL(listed?.tickets?.page ?? '', 'http://shop.test');
    expect(page.pathname).toBe('/en/ticket');
    expect(page.searchParams.get('b')).toBe(String(paidRow));
    expect(verifyTicketToken(paidRow, page.searchParams.get('t') ?? '', NOW)).toBe(true);
    expect(listed?.tickets?.pdf).toMatch(new RegExp(`^/api/nuxt/en/ticket/pdf\\?b=${String(paidRow)}&t=`));
    expect(listed?.tickets?.ics).toMatch(new RegExp(`^/api/nuxt/en/ticket/ics\\?b=${String(paidRow)}&t=`));
    expect(listed?.tickets?.cancel).toBe(`${listed?.tickets?.page ?? ''}#cancel-title`);
    // No ticket exists before payment, so no links either.
    expect(mine.find((x) => x.id === unpaid)?.tickets).toBeNull();

    // Kim sees only Kim's booking, and no link of hers opens Jo's booking.
    const theirs = await list(kim);
    expect(theirs.map((x) => x.id)).toEqual([kims]);
    const kimToken = new URL(theirs[0]?.tickets?.page ?? '', 'http://shop.test').searchParams.get('t') ?? '';
    expect(verifyTicketToken(paidRow, kimToken, NOW)).toBe(false);
    expect((await h.browser().call((a) => a.bookings, 'GET')).status).toBe(401);
  });

  it('shows guest bookings made with the account’s email only while that email is verified', async () => {
    const una = h.browser();
    const unaId = await signUp(h, una, 'una@example.com');
    const before = await reserve('una@example.com');
    // A guest booking made later, signed out, with the address typed differently.
    const later = await reserve('Una@Example.com');
    // Someone else's account booking that merely used Una's address stays theirs.
    const other = h.browser();
    await signUp(h, other, 'otto@example.com');
    const ottos = await reserve('una@example.com', cookieOf(other));

    expect((await list(una)).map((x) => x.id).sort()).toEqual([before, later].sort());
    expect((await list(other)).map((x) => x.id)).toEqual([ottos]);

    await handle.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unaId));
    expect(await list(una)).toEqual([]);
    // A booking made on the account itself stays visible even then.
    const own = await reserve('una@example.com', cookieOf(una));
    expect((await list(una)).map((x) => x.id)).toEqual([own]);
  });
});
