/**
 * The checkout network (checkoutNetwork.ts) with a seat map on the bus: its VIP class sells the
 * first 24 places of a 1+2 coach (rows 1–8, A by the window, B at the aisle, C by the window),
 * the boat stays without one. Helpers call the checkout API as the island does.
 */
import { eq } from 'drizzle-orm';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { VEHICLE_LAYOUTS } from '../../src/domain/seats/vehicles.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { CheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db } from '../../src/server/db/client.ts';
import { travelOptions, vehicleLayouts } from '../../src/server/db/schema.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';

export const COACH = 'coach-vip-1x2';

export async function insertSeatedNetwork(db: Db, seats: { bus: number; boat: number }): Promise<void> {
  await insertCheckoutNetwork(db, seats);
  const coach = VEHICLE_LAYOUTS.find((l) => l.code === COACH);
  if (!coach) throw new Error('the seed has a VIP coach');
  await db.insert(vehicleLayouts).values({ code: coach.code, name: coach.name, decks: coach.decks });
  await db.update(travelOptions).set({ vehicleLayout: COACH }).where(eq(travelOptions.id, 1));
}

export async function cartFor(db: Db, index: TimetableIndex, slug: string, people: number): Promise<string> {
  const selections = parseAddToCartSlug(slug) ?? [];
  const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
  if (typeof quoted === 'string') throw new Error(quoted);
  return createCart(db, { lang: 'en', currency: 'THB', people, selections, quoted });
}

function context(path: string, init?: RequestInit, params: Record<string, string> = {}) {
  const url = new URL(`http://shop.test${path}`);
  const locale = localeBySegment('en');
  return {
    request: new Request(url, init),
    url,
    params,
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  };
}

export function form(people: number, seats?: { leg: number; seats: string[] }[]) {
  return {
    email: 'a@example.com',
    phone: '+66812345678',
    passengers: Array.from({ length: people }, (_, i) => ({
      full_name: `Traveller ${String(i + 1)}`,
      nationality: 'TH',
      document_number: `X${String(i)}`,
    })),
    ...(seats ? { seats } : {}),
  };
}

export function reserve(api: CheckoutApi, hash: string, body: unknown): Promise<Response> {
  return api.reserve(context(`/api/nuxt/en/checkout/reserve/${hash}`, { method: 'POST', body: JSON.stringify(body) }, { hash }));
}

export interface SeatMapAnswer {
  leg: number;
  vehicle: string;
  taken: string[];
  decks: { deck: string; kind: string; rows: { row: number; places: ({ code: string; position: string } | null)[] }[] }[];
}

export async function seatMaps(api: CheckoutApi, hash: string): Promise<SeatMapAnswer[]> {
  const response = await api.checkout(context(`/api/nuxt/en/checkout?hash=${hash}`));
  if (response.status !== 200) throw new Error(`checkout answered ${String(response.status)}`);
  return ((await response.json()) as { seat_maps: SeatMapAnswer[] }).seat_maps;
}
