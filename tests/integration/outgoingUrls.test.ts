/**
 * Issue 16 item 3: outgoing URLs come from configuration, never from the request. With
 * `Host: 127.0.0.1:<port>` on place-order the gateway's redirect, return and webhook URLs took
 * that host, and after the card was paid the server posted the signed webhook there. Here the
 * request comes in under a host of the caller's choosing and every URL the server makes — the
 * answer, the signed gateway session and the webhook the gateway then posts — is SITE_URL's.
 */
import { GUEST } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { bindCartSessionByHash } from '../../src/server/booking/access.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { webhookOutbox } from '../../src/server/db/schema.ts';
import { createPaymentApi } from '../../src/server/payment/api.ts';
import { parsePaymentEnv } from '../../src/server/payment/config.ts';
import { readSessionToken, settleSandboxSession } from '../../src/server/payment/sandbox.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { TRAVELLER_COOKIE, TRAVELLER_SESSION } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const SITE = 'http://roamly.test:8080';
const ATTACKER_HOST = '127.0.0.1:9';

describe.each(DATABASES)('outgoing URLs on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  const previousSiteUrl = process.env.SITE_URL;

  beforeAll(async () => {
    process.env.SITE_URL = SITE;
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 20, boat: 2 });
    index = await refreshSearchIndex(db);
  });
  afterAll(async () => {
    if (previousSiteUrl === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = previousSiteUrl;
    await handle.close();
  });

  async function heldBooking() {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    const result = await reserveCart(db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, email: 'anna@example.com' });
    if (!result.ok) throw new Error(result.code);
    return result.booking;
  }

  /** place-order sent to the server under the attacker's Host. */
  function placeOrder(publicId: string, paygate: 'sandbox-card' | 'counter') {
    const url = new URL(`http://${ATTACKER_HOST}/api/nuxt/en/pay/place-order`);
    const locale = localeBySegment('en');
    return createPaymentApi({ db, now: () => NOW }).placeOrder({
      request: new Request(url, {
        method: 'POST',
        headers: { host: ATTACKER_HOST, cookie: TRAVELLER_COOKIE, 'idempotency-key': `host-test-${paygate}-${publicId}` },
        body: JSON.stringify({ booking_id: publicId, paygate }),
      }),
      url,
      params: {},
      locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
    });
  }

  it('builds the gateway redirect, return and webhook URLs on SITE_URL, whatever the Host', async () => {
    const booking = await heldBooking();
    const response = await placeOrder(booking.publicId, 'sandbox-card');
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { redirect_url: string };
    expect(answer.redirect_url.startsWith(`${SITE}/sandbox-gateway/pay/`)).toBe(true);
    const token = answer.redirect_url.slice(`${SITE}/sandbox-gateway/pay/`.length);
    const session = readSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, token, NOW);
    expect(session?.returnUrl).toBe(`${SITE}/en/payment-status/booking/${booking.publicId}`);
    expect(session?.webhookUrl).toBe(`${SITE}/api/paygates/sandbox-card/webhook`);
    // The card is paid: the signed webhook goes to SITE_URL, not to the caller's host.
    if (!session) throw new Error('no session');
    await settleSandboxSession(db, session, { type: 'payment.succeeded' }, NOW);
    const [queued] = await db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.eventId, `evt_${session.ref}_ok`));
    expect(queued?.url).toBe(`${SITE}/api/paygates/sandbox-card/webhook`);
    expect(JSON.stringify({ answer, session, queued })).not.toContain(ATTACKER_HOST);
  });

  it('sends a counter payment to the status page on SITE_URL too', async () => {
    const booking = await heldBooking();
    const answer = (await (await placeOrder(booking.publicId, 'counter')).json()) as { redirect_url: string };
    expect(answer.redirect_url).toBe(`${SITE}/en/payment-status/booking/${booking.publicId}`);
  });
});
