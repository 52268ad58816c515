/**
 * The frozen cart reaches the browser (SPEC §3 "frozen cart"): cart/freeze answers with the
 * `frozen_cart` cookie naming the cart, which the checkout's scripts read (src/stores/frozenCart.ts);
 * a cart that could not be frozen gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCartApi } from '../../src/server/cart/api.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { isCartFrozen } from '../../src/stores/frozenCart.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';

const [pglite] = DATABASES;

describe('the frozen cart cookie', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    handle = await pglite.open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 40 });
  });

  afterAll(async () => {
    await handle.close();
  });

  it('is set with the cart’s hash when the cart is frozen, and read back by the browser store', async () => {
    const index = await refreshSearchIndex(handle.db);
    const trip = await addToCart(handle.db, index, {
      slug: BUS,
      lang: 'en',
      currency: 'THB',
      people: 1,
      now: NOW,
      sessionKey: TRAVELLER_SESSION,
    });
    if (!trip.ok) throw new Error(trip.code);
    const api = createCartApi({ db: handle.db, now: () => NOW });
    const freeze = (hash: string) =>
      api.freeze(
        travellerApiContext('/api/nuxt/en/cart/freeze', {
          method: 'POST',
          body: JSON.stringify({ hash }),
          headers: { 'content-type': 'application/json' },
        }),
      );
    const frozen = await freeze(trip.hash);
    expect(frozen.status).toBe(200);
    expect(await frozen.json()).toEqual({ hash: trip.hash, frozen: true });
    const cookie = frozen.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^frozen_cart=${trip.hash}; Path=/; Max-Age=86400; SameSite=Lax`));
    expect(cookie).not.toContain('HttpOnly');
    expect(isCartFrozen(trip.hash, decodeURIComponent(/^frozen_cart=([^;]*)/.exec(cookie)?.[1] ?? ''))).toBe(true);

    // A cart this browser cannot act on is not found, and no cookie is written.
    const unknown = await freeze('x'.repeat(22));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });
});
