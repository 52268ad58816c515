import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runList } from '../domain/results/listWork.ts';
import { makeTrip } from '../domain/results/testTrips.ts';
import type { Trip } from '../domain/search/trips.ts';
import { $visibleFacts, dismissFact, loadFacts } from './facts.store.ts';
import { $products, $tabs, $summary, chooseTab } from './resultsList.store.ts';
import { $isStaff, $view, readStaffFlag } from './resultsView.store.ts';
import { attachListWorker } from './resultsWork.ts';
import { $roundTrip, bookingHref, chooseOutbound, choosePass, resetRoundTrip } from './roundTrip.store.ts';
import { $passes, $status, $trips, abortSearch, runSearch, type SearchRequest } from './tripsSearch.store.ts';
import type { TripsPass } from '../domain/results/passes.ts';
import type { TripsSearchAnswer } from '../domain/api/operations.ts';

const request: SearchRequest = { lang: 'en', fromId: '1', toId: '2', date: '2026-12-01', people: 2, vehclasses: 'all', currency: 'USD' };

interface Route {
  match: string;
  respond: () => Response | Promise<Response>;
}

function fakeFetch(routes: Route[]) {
  const calls: string[] = [];
  const fetcher = ((url: string, init?: RequestInit) => {
    calls.push(url);
    const route = routes.find((r) => url.includes(r.match));
    if (!route) return Promise.reject(new Error(`unexpected ${url}`));
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('Aborted by user', 'AbortError'));
      });
      Promise.resolve(route.respond()).then(resolve, reject);
    });
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

/** A trips/search answer as the contract has it (src/domain/api/operations.ts). */
const answerBody = (trips: Trip[], recheck: string[] = []): TripsSearchAnswer => ({
  trips,
  tripsRecheck: recheck,
  recheckToken: 'tok123456789',
  provinceName: 'Chiang Mai',
  currency: 'USD',
  passes: [],
});
const answer = (trips: Trip[], recheck: string[] = []) => Response.json(answerBody(trips, recheck));

// The island listens to the list while it is on the page; the list follows the trips only then.
let stopListening: () => void = () => undefined;
beforeEach(() => {
  stopListening = $products.listen(() => undefined);
});

afterEach(() => {
  stopListening();
  abortSearch();
  $trips.set([]);
  $view.set({ sort: 'recommended', tab: 'all', selected: {} });
});

describe('search flow (SPEC §4)', () => {
  it('stores the non-approximate trips, then rechecks once and merges', async () => {
    const approximate = { ...makeTrip({ key: 'x', dep: '07:00', arr: '09:00', price: 5 }), approximate: true };
    const a = makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30 });
    const b = makeTrip({ key: 'b', dep: '09:00', arr: '13:00', price: 20 });
    const { calls, fetcher } = fakeFetch([
      { match: '/trips/search', respond: () => answer([approximate, a, b], ['/api/nuxt/en/trips/recheck?connector=builtin']) },
      { match: '/trips/recheck', respond: () => Response.json({ trips: [makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 33 })] }) },
    ]);
    await runSearch(request, fetcher);
    expect($trips.get().map((t) => t.key)).toEqual(['a', 'b']);
    expect($trips.get()[0]?.min_price.value).toBe(33);
    expect(calls.filter((c) => c.includes('recheck'))).toHaveLength(1);
    expect(calls[1]).toContain('token=tok123456789');
    expect($status.get()).toMatchObject({ isSearching: false, hasError: false, isRechecked: true, provinceName: 'Chiang Mai' });
    expect($summary.get().minPrice).toEqual({ value: 20, fxcode: 'USD', minor: 2_000 });
  });

  it('a recheck reporting no seats left disables that option, and the trip when none is left', async () => {
    const a = makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30 });
    const b = makeTrip({ key: 'b', dep: '09:00', arr: '13:00', price: 20 });
    const { fetcher } = fakeFetch([
      { match: '/trips/search', respond: () => answer([a, b], ['/api/nuxt/en/trips/recheck?connector=builtin']) },
      {
        match: '/trips/recheck',
        respond: () => Response.json({ trips: [makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30, seats: 0 })] }),
      },
    ]);
    await runSearch(request, fetcher);
    const [rechecked, untouched] = $trips.get();
    expect(rechecked?.travel_options.every((o) => o.bookable === 0)).toBe(true);
    expect(rechecked?.params.is_bookable).toBe(false);
    expect(untouched?.params.is_bookable).toBe(true);
    expect(Object.values($summary.get().recommended)).not.toContain('a');
  });

  it('uses the list worker for the product list and next dates, and falls back when it answers nothing', async () => {
    const seen: string[] = [];
    attachListWorker({
      call(fn, data) {
        seen.push(fn);
        // A worker that answers without data: the client rejects, the main thread takes over.
        return fn === 'makeActualNextTripDates'
          ? Promise.reject(new Error(`No data returned in: ${fn}`))
          : Promise.resolve(runList(fn, data as never));
      },
    });
    try {
      const { fetcher } = fakeFetch([
        { match: '/trips/search', respond: () => answer([makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30 })]) },
      ]);
      await runSearch(request, fetcher);
      expect($trips.get().map((t) => t.key)).toEqual(['a']);
      const empty = fakeFetch([
        { match: '/trips/search', respond: () => answer([]) },
        { match: '/trips/next-dates', respond: () => Response.json({ dates: [{ date: '2026-12-03', title: 'Thu' }] }) },
      ]);
      await runSearch(request, empty.fetcher);
      expect($status.get().nextTripDates.map((d) => d.date)).toEqual(['2026-12-03']);
      expect(seen).toEqual(expect.arrayContaining(['makeProductList', 'makeActualNextTripDates', 'sortAndFilterProducts']));
    } finally {
      attachListWorker(undefined);
    }
  });

  it('a 503 sets hasError and stops searching', async () => {
    const { fetcher } = fakeFetch([{ match: '/trips/search', respond: () => new Response('{}', { status: 503 }) }]);
    await runSearch(request, fetcher);
    expect($status.get()).toMatchObject({ isSearching: false, hasError: true, failed: false });
  });

  it('no trips clears the data, prices go to 0 THB, hasError is set and next dates are offered', async () => {
    const { fetcher } = fakeFetch([
      { match: '/trips/search', respond: () => answer([]) },
      { match: '/trips/next-dates', respond: () => Response.json({ dates: [{ date: '2026-12-04', title: 'Fri, 4 Dec' }] }) },
    ]);
    $trips.set([makeTrip({ key: 'old', dep: '08:00', arr: '09:00', price: 1 })]);
    await runSearch(request, fetcher);
    expect($trips.get()).toEqual([]);
    expect($summary.get().minPrice).toEqual({ value: 0, fxcode: 'THB', minor: 0 });
    expect($summary.get().maxPrice).toEqual({ value: 0, fxcode: 'THB', minor: 0 });
    expect($status.get()).toMatchObject({ hasError: true, nextTripDates: [{ date: '2026-12-04', title: 'Fri, 4 Dec' }] });
  });

  it('a new search aborts the previous one, which exits silently', async () => {
    let release: (r: Response) => void = () => undefined;
    const slow = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const first = fakeFetch([{ match: '/trips/search', respond: () => slow }]);
    const pending = runSearch(request, first.fetcher);
    const second = fakeFetch([
      { match: '/trips/search', respond: () => answer([makeTrip({ key: 'new', dep: '10:00', arr: '11:00', price: 9 })]) },
    ]);
    await runSearch({ ...request, date: '2026-12-02' }, second.fetcher);
    release(answer([makeTrip({ key: 'stale', dep: '10:00', arr: '11:00', price: 9 })]));
    await pending;
    expect($trips.get().map((t) => t.key)).toEqual(['new']);
    expect($status.get().failed).toBe(false);
  });

  it('other failures end the search and flag the generic error', async () => {
    const { fetcher } = fakeFetch([{ match: '/trips/search', respond: () => new Response('{}', { status: 500 }) }]);
    await runSearch(request, fetcher);
    expect($status.get()).toMatchObject({ isSearching: false, failed: true });
  });

  it('keeps a staff member’s operator filter when the others reset (SPEC §4), once the staff cookie is read', async () => {
    readStaffFlag((name) => (name === 'is_staff' ? '1' : undefined));
    // Operator 1 runs the morning trip; nothing of it leaves in the evening, so the view resets.
    const evening = () => ({ sort: 'cheapest' as const, tab: 'all' as const, selected: { operator_id: ['1'], dep_time: ['18-24'] } });
    const trips = () => answer([makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30, operators: [1] })]);
    $view.set(evening());
    await runSearch(request, fakeFetch([{ match: '/trips/search', respond: trips }]).fetcher);
    expect($view.get().selected).toEqual({ operator_id: ['1'] });
    // A traveller's view resets completely.
    readStaffFlag(() => undefined);
    expect($isStaff.get()).toBe(false);
    $view.set(evening());
    await runSearch(request, fakeFetch([{ match: '/trips/search', respond: trips }]).fetcher);
    expect($view.get().selected).toEqual({});
  });

  it('resets filters that leave nothing while trips exist', async () => {
    $view.set({ sort: 'cheapest', tab: 'all', selected: { operator_id: ['999'] } });
    const { fetcher } = fakeFetch([
      { match: '/trips/search', respond: () => answer([makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30 })]) },
    ]);
    await runSearch(request, fetcher);
    expect($view.get()).toEqual({ sort: 'cheapest', tab: 'all', selected: {} });
    expect($products.get().map((t) => t.key)).toEqual(['a']);
  });
});

describe('facts banners', () => {
  it('shows loaded facts until dismissed, and remembers dismissals under facts_banned', async () => {
    useTestStorageEngine();
    const { fetcher } = fakeFetch([
      {
        match: '/trips/facts-on-dates',
        respond: () =>
          Response.json({
            facts: [
              { id: 'night_trips', type: 'travel', count: 2 },
              { id: 'operators', type: 'travel', count: 3 },
            ],
          }),
      },
    ]);
    await loadFacts(request, fetcher);
    expect($visibleFacts.get().map((f) => f.id)).toEqual(['night_trips', 'operators']);
    dismissFact('night_trips');
    expect($visibleFacts.get().map((f) => f.id)).toEqual(['operators']);
    expect(getTestStorage().facts_banned).toBe('["night_trips"]');
    cleanTestStorage();
  });

  it('a failed facts call gives an empty list', async () => {
    const { fetcher } = fakeFetch([{ match: '/trips/facts-on-dates', respond: () => Promise.reject(new Error('offline')) }]);
    await loadFacts(request, fetcher);
    expect($visibleFacts.get()).toEqual([]);
  });
});

describe('round trip (SPEC §3, §5)', () => {
  const roundRequest = { ...request, date2: '2026-12-05' };
  const checkout = (hash: string) => {
    const response = new Response('checkout page');
    Object.defineProperty(response, 'url', { value: `http://site.test/en/checkout/${hash}` });
    return response;
  };

  it('puts the outbound trip in a cart, then searches the return leg and links it to that cart', async () => {
    const outbound = makeTrip({ key: 'out', dep: '08:00', arr: '12:00', price: 30 });
    const option = outbound.travel_options[0];
    if (!option) throw new Error('fixture without option');
    const { calls, fetcher } = fakeFetch([
      { match: '/add-to-cart/', respond: () => checkout('cart123') },
      { match: '/trips/search', respond: () => answer([makeTrip({ key: 'back', dep: '10:00', arr: '14:00', price: 25 })]) },
    ]);
    // `seen`: the per-person fare the card showed, for checkout to compare with its quote.
    expect(bookingHref(option, roundRequest)).toBe('/en/add-to-cart/out/1?people=2&currency=USD&seen=3000');
    await chooseOutbound(outbound, option, roundRequest, fetcher);
    expect(calls[0]).toBe('/en/add-to-cart/out/1?people=2&currency=USD&seen=3000');
    expect(calls[1]).toContain('fromId=2&toId=1&date=2026-12-05');
    // The return leg is searched as part of the round trip: its prices carry the round-trip discount.
    expect(calls[1]).toContain('roundTrip=1');
    expect($roundTrip.get()).toMatchObject({
      leg: 'return',
      cartHash: 'cart123',
      outboundTripKey: 'out',
      showModal: true,
      unavailableReason: null,
    });
    const back = $trips.get()[0]?.travel_options[0];
    if (!back) throw new Error('no return trip');
    // The return card's link carries what both cards said: 30 + 25 per person.
    expect(bookingHref(back, roundRequest)).toBe('/en/add-to-cart/back/1?people=2&currency=USD&cartHash=cart123&fromRoundTrip=1&seen=5500');
    // One-way searches never carry the round-trip cart.
    expect(bookingHref(back, request)).toBe('/en/add-to-cart/back/1?people=2&currency=USD&seen=2500');
    resetRoundTrip();
  });

  it('says why when the outbound trip cannot be added', async () => {
    const outbound = makeTrip({ key: 'gone', dep: '08:00', arr: '12:00', price: 30 });
    const option = outbound.travel_options[0];
    if (!option) throw new Error('fixture without option');
    const { fetcher } = fakeFetch([{ match: '/add-to-cart/', respond: () => new Response('sold out', { status: 409 }) }]);
    await chooseOutbound(outbound, option, roundRequest, fetcher);
    expect($roundTrip.get()).toMatchObject({ leg: 'outbound', unavailableReason: 'sold_out', showModal: true });
    resetRoundTrip();
  });

  it('raises the generic error modal, not "sold out", when adding to the cart gets no answer', async () => {
    const outbound = makeTrip({ key: 'offline', dep: '08:00', arr: '12:00', price: 30 });
    const option = outbound.travel_options[0];
    if (!option) throw new Error('fixture without option');
    const page = new EventTarget();
    const raised: unknown[] = [];
    page.addEventListener('showError', (event) => raised.push((event as CustomEvent).detail));
    vi.stubGlobal('window', page);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { fetcher } = fakeFetch([{ match: '/add-to-cart/', respond: () => Promise.reject(new TypeError('Failed to fetch')) }]);
      await chooseOutbound(outbound, option, roundRequest, fetcher);
    } finally {
      quiet.mockRestore();
      vi.unstubAllGlobals();
    }
    expect(raised).toEqual([null]);
    expect($roundTrip.get()).toMatchObject({ showModal: false, unavailableReason: null, leg: 'outbound' });
  });
});

describe('rail passes among trips (issue 21)', () => {
  const jrPass = {
    slug: 'japan-rail-pass-7-days',
    id: 101,
    mainPassId: null,
    type: 'pass',
    name: 'Japan Rail Pass 7 days',
    classOptions: [{ key: 'ordinary', name: 'Ordinary', minPrice: { value: 330, fxcode: 'USD', minor: 33_000 }, reviews: 3, rating: 4.6 }],
    validity: [7],
    operators: [{ key: 'jr-group', id: 1, name: 'Japan Railways Group' }],
    regions: [],
    labels: [],
    features: [],
    popularity: 100,
    rating: 4.6,
    reviews: 3,
    url: '/en/railpass/japan/operator-jr-group/japan-rail-pass-7-days-101',
  } satisfies TripsPass;
  const hikari = makeTrip({ key: 'hikari', dep: '06:00', arr: '08:16', price: 90, classes: ['train'] });

  afterEach(() => {
    $passes.set([]);
    resetRoundTrip();
  });

  it('keeps the passes of the answer, adds the railpass tab, and stays on it when chosen', async () => {
    const { fetcher } = fakeFetch([
      { match: '/trips/search', respond: () => Response.json({ ...answerBody([hikari]), passes: [jrPass] }) },
    ]);
    await runSearch(request, fetcher);
    expect($passes.get().map((p) => p.slug)).toEqual(['japan-rail-pass-7-days']);
    expect($tabs.get().find((t) => t.key === 'railpass')).toEqual({ key: 'railpass', count: 1, minPrice: 330, vehclasses: ['railpass'] });
    chooseTab('railpass');
    expect($view.get().tab).toBe('railpass');
  });

  it('a new search clears the passes of the last one', async () => {
    $passes.set([jrPass]);
    await runSearch(request, fakeFetch([{ match: '/trips/search', respond: () => Response.json(answerBody([hikari])) }]).fetcher);
    expect($passes.get()).toEqual([]);
    expect($tabs.get().some((t) => t.key === 'railpass')).toBe(false);
  });

  it('the round-trip state carries a pass picked instead of an outbound trip (SPEC §3)', () => {
    expect($roundTrip.get().pass).toBeNull();
    expect(choosePass(jrPass)).toBe(jrPass.url);
    expect($roundTrip.get()).toMatchObject({ pass: { slug: 'japan-rail-pass-7-days' }, trip: null, leg: 'outbound' });
    resetRoundTrip();
    expect($roundTrip.get().pass).toBeNull();
  });
});

describe('the results list', () => {
  it('follows the trips and the view while the page listens', () => {
    $trips.set([
      makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30 }),
      makeTrip({ key: 'b', dep: '09:00', arr: '10:00', price: 20 }),
    ]);
    expect($products.get().map((t) => t.key)).toHaveLength(2);
    $view.set({ sort: 'cheapest', tab: 'all', selected: {} });
    expect($products.get().map((t) => t.key)).toEqual(['b', 'a']);
  });
});
