/**
 * What the cart endpoints and the checkout pages show: the cart's legs with names, local
 * times and prices. `cart` is the compact shape; `cartV2` adds the display details of each
 * leg (stations, operator, class, local times) and the current booking, if any.
 */
import { localClassName } from '../../domain/search/classNames.ts';
import { toMoney, type Money } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { localDateTime } from '../../domain/search/trips.ts';
import { translatorFor } from '../content/translator.ts';
import type { TicketItem } from '../products/product.ts';
import { productTicketItems } from '../products/lines.ts';
import { cartSeatUnit, cartTotal, type LoadedCart } from './cart.ts';

export interface CartView {
  hash: string;
  status: string;
  frozen: boolean;
  currency: string;
  people: number;
  /** What each passenger pays for the departure seats (the fare the result cards showed, per person). */
  unit_price: Money;
  /** Everything: the seats for every passenger plus each other product line's own total. */
  total: Money;
  items: {
    trip_key: string;
    option_ids: number[];
    legs: { schedule_id: number; travel_option_id: number; service_date: string; price: Money }[];
  }[];
  /** The cart's other products (a pass, an add-on): kind, the line as its product stores it, its price for all its travellers. */
  products: { kind: string; line: Record<string, unknown>; price: Money }[];
}

/** The language of the signs and of the drivers in each country the site sells. */
const LOCAL_LANGUAGE: Readonly<Record<string, string>> = { TH: 'th', VN: 'vi', KH: 'km', LA: 'lo', MY: 'ms', ID: 'id', SG: 'en' };

/**
 * A station as a driver or ticket clerk reads it: the local-language name with the Latin one,
 * "สถานีรถไฟเชียงใหม่ (Chiang Mai Railway Station)", or the Latin name alone.
 */
export function driverName(names: { en: string } & Record<string, string>, countryCode: string | undefined): string {
  const local = names[LOCAL_LANGUAGE[countryCode ?? ''] ?? 'en'];
  return local && local !== names.en ? `${local} (${names.en})` : names.en;
}

export interface LegDetails {
  /** `local_name`: the name a driver reads (see driverName) */
  from: { id: number; name: string; local_name: string };
  to: { id: number; name: string; local_name: string };
  dep_time: string;
  arr_time: string;
  /** The IANA zones of the departure and arrival stations (their times are read in these). */
  departure_time_zone: string;
  arrival_time_zone: string;
  operator: { id: number; name: string; confirmation: 'instant' | 'manual' } | null;
  class_name: string;
  vehclass: string | null;
  price: Money;
  departure_at: string;
  /** The arrival instant (UTC), read in `arrival_time_zone`. */
  arrival_at: string;
}

export interface CartViewV2 extends Omit<CartView, 'items' | 'products'> {
  items: { trip_key: string; option_ids: number[]; direction: 'outbound' | 'return'; legs: LegDetails[] }[];
  /** The other products as the ticket will print them, with their price for all their travellers. */
  products: (CartView['products'][number] & TicketItem)[];
}

export function cartView(loaded: LoadedCart, index: TimetableIndex): CartView {
  const { cart } = loaded;
  return {
    hash: cart.hash,
    status: cart.status,
    frozen: cart.frozenAt !== null,
    currency: cart.currency,
    people: cart.people,
    unit_price: toMoney(cartSeatUnit(loaded), cart.currency, index.fx),
    total: toMoney(cartTotal(loaded), cart.currency, index.fx),
    items: loaded.items.map((item) => ({
      trip_key: item.tripKey,
      option_ids: item.optionIds,
      legs: item.legs.map((leg) => ({
        schedule_id: leg.scheduleId,
        travel_option_id: leg.travelOptionId,
        service_date: leg.serviceDate,
        price: toMoney(leg.unitPriceMinor, leg.currency, index.fx),
      })),
    })),
    products: loaded.products.map((p) => ({ kind: p.kind, line: p.line, price: toMoney(p.priceMinor, p.currency, index.fx) })),
  };
}

export function legDetails(leg: LoadedCart['items'][number]['legs'][number], index: TimetableIndex, localeCode: string): LegDetails {
  const from = index.stations.get(leg.fromStationId);
  const to = index.stations.get(leg.toStationId);
  const operator = index.operators.get(leg.operatorId);
  const route = index.routes.find((r) => r.options.some((o) => o.id === leg.travelOptionId));
  const option = route?.options.find((o) => o.id === leg.travelOptionId);
  const name = (n: { en: string } & Record<string, string>) => n[localeCode] ?? n.en;
  const zone = (placeId: number | undefined) => (placeId === undefined ? undefined : index.places.get(placeId)?.timeZone) ?? 'UTC';
  const country = (s: { placeId: number }) => index.places.get(s.placeId)?.countryCode;
  return {
    from: { id: leg.fromStationId, name: from ? name(from.names) : '', local_name: from ? driverName(from.names, country(from)) : '' },
    to: { id: leg.toStationId, name: to ? name(to.names) : '', local_name: to ? driverName(to.names, country(to)) : '' },
    dep_time: localDateTime(Math.floor(leg.departureAt.getTime() / 60_000), from?.utcOffsetMin ?? 0),
    arr_time: localDateTime(Math.floor(leg.arrivalAt.getTime() / 60_000), to?.utcOffsetMin ?? 0),
    departure_time_zone: zone(from?.placeId),
    arrival_time_zone: zone(to?.placeId),
    operator: operator ? { id: operator.id, name: operator.name, confirmation: option?.confirmation ?? operator.confirmation } : null,
    class_name: option ? localClassName(option.className, localeCode, translatorFor(localeCode)) : '',
    vehclass: route?.vehicleClass ?? null,
    price: toMoney(leg.unitPriceMinor, leg.currency, index.fx),
    departure_at: leg.departureAt.toISOString(),
    arrival_at: leg.arrivalAt.toISOString(),
  };
}

export function cartViewV2(loaded: LoadedCart, index: TimetableIndex, localeCode: string): CartViewV2 {
  const base = cartView(loaded, index);
  return {
    ...base,
    items: loaded.items.map((item) => ({
      trip_key: item.tripKey,
      option_ids: item.optionIds,
      // By position, not by place in the list: a booking's part may carry only the return's legs.
      direction: item.position === 0 ? 'outbound' : 'return',
      legs: item.legs.map((leg) => legDetails(leg, index, localeCode)),
    })),
    products: loaded.products.flatMap((p, i) => {
      const [printed] = productTicketItems([p], localeCode, translatorFor(localeCode));
      const compact = base.products[i];
      return printed && compact ? [{ ...compact, ...printed }] : [];
    }),
  };
}
