/**
 * Checkout route data once (issue 19 item 6): the checkout middleware reads the cart and its
 * bookings, puts them on `locals.checkout`, and the step's view model shapes the page from them —
 * one read of the cart per request. Counted by wrapping the cart and bookings readers; the negative
 * control reads the context the old way (checkoutContext) and sees the counter go to two.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingsOfCart } from '../../src/server/booking/bookings.ts';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { loadCart } from '../../src/server/cart/cart.ts';
import { checkoutContext } from '../../src/server/checkout/context.ts';
import { checkoutMiddleware } from '../../src/server/checkout/middleware.ts';
import { confirmationStepView, passengersStepView, tripStepView } from '../../src/server/checkout/pages.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext, TRAVELLER_SESSION } from './travellerRequests.ts';

vi.mock('../../src/server/cart/cart.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/cart/cart.ts')>();
  return { ...original, loadCart: vi.fn(original.loadCart) };
});
vi.mock('../../src/server/booking/bookings.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/booking/bookings.ts')>();
  return { ...original, bookingsOfCart: vi.fn(original.bookingsOfCart) };
});

// The process-wide handle of src/server/db/index.ts: the middleware and view models open it themselves.
const HANDLE = Symbol.for('roamly.db.handle');
const shared = globalThis as { [HANDLE]?: Promise<DbHandle> | undefined };

let handle: DbHandle;
let hash: string;

beforeAll(async () => {
  const pglite = DATABASES[0];
  if (!pglite) throw new Error('no database');
  handle = await pglite.open();
  shared[HANDLE] = Promise.resolve(handle);
  await insertCheckoutNetwork(handle.db, { bus: 40, boat: 40 });
  const added = await addToCart(handle.db, await refreshSearchIndex(handle.db), {
    slug: BUS,
    lang: 'en',
    currency: 'THB',
    people: 1,
    now: NOW,
    sessionKey: TRAVELLER_SESSION,
  });
  if (!added.ok) throw new Error(added.code);
  hash = added.hash;
});

afterAll(async () => {
  shared[HANDLE] = undefined;
  await handle.close();
});

beforeEach(() => {
  vi.mocked(loadCart).mockClear();
  vi.mocked(bookingsOfCart).mockClear();
});

/** One request through the checkout middleware; `page` renders what the route's page would, from its locals. */
async function throughMiddleware(path: string, page: (request: ReturnType<typeof travellerApiContext>) => Promise<unknown>) {
  const request = travellerApiContext(path);
  const context = {
    ...request,
    isPrerendered: false,
    locals: request.locals as App.Locals,
    redirect: (to: string, status: number) => new Response(null, { status, headers: { location: to } }),
  };
  let rendered: unknown;
  const response = await checkoutMiddleware(context as never, async () => {
    rendered = await page({ ...request, locals: context.locals });
    return new Response('page');
  });
  return { response: response as Response, rendered, locals: context.locals };
}

describe('checkout route data is read once per request', () => {
  it('the trip step: the middleware reads the cart and bookings, the page uses them', async () => {
    const { response, rendered, locals } = await throughMiddleware(`/en/checkout/${hash}`, (r) =>
      tripStepView({ locals: r.locals, hash, url: r.url }, NOW),
    );
    expect(response.status).toBe(200);
    expect(locals.checkout?.hash).toBe(hash);
    expect(rendered).toMatchObject({ kind: 'page', cc: { loaded: { cart: { currency: 'THB' } } } });
    expect(vi.mocked(loadCart)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(bookingsOfCart)).toHaveBeenCalledTimes(1);
  });

  it('the passengers step reads the cart once too', async () => {
    const { rendered } = await throughMiddleware(`/en/checkout/${hash}/step/passengers`, (r) =>
      passengersStepView({ locals: r.locals, hash, request: r.request, t: r.locals.t }, new Date(NOW)),
    );
    expect(rendered).toMatchObject({ kind: 'page', held: undefined });
    expect(vi.mocked(loadCart)).toHaveBeenCalledTimes(1);
  });

  it('a view model without the middleware’s cart for its hash sends the visitor away, reading nothing', async () => {
    const { locals } = travellerApiContext(`/en/checkout/${hash}/step/confirmation`);
    const view = await confirmationStepView({ locals, hash });
    expect(view).toEqual({ kind: 'redirect', to: `/en/checkout/${hash}/step/passengers` });
    expect(vi.mocked(loadCart)).not.toHaveBeenCalled();
  });

  it('negative control: a page that loads the context itself reads the cart a second time', async () => {
    await throughMiddleware(`/en/checkout/${hash}`, async (r) =>
      checkoutContext(handle.db, await refreshSearchIndex(handle.db), hash, r.locals.locale.code, new Date(NOW)),
    );
    expect(vi.mocked(loadCart)).toHaveBeenCalledTimes(2);
  });
});
