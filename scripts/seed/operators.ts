/**
 * The invented operators. Names are made up to sound like the region's companies without being
 * any real one. `size` steers how many routes an operator wins and how many reviews it has;
 * manual confirmation marks the small family businesses that confirm bookings by hand.
 */
import { haversineKm, type LatLon } from './geo.ts';
import type { Random } from './random.ts';
import type { Confirmation, OperatorRow, VehicleClass } from './rows.ts';
import { slugify } from '../../src/domain/slug.ts';

export type OperatorSize = 'major' | 'regional' | 'small';

export interface OperatorSpec {
  name: string;
  country: string;
  classes: VehicleClass[];
  size: OperatorSize;
  confirmation: Confirmation;
  /** Two-character prefix of flight numbers, for airlines. */
  flightCode?: string;
  /** Where a regional company runs; it only wins routes touching this circle. */
  homeArea?: HomeArea;
  /** Takes the money for its trips itself (issue 26 split payment): its legs are paid as a part of their own. */
  collectsOwnPayment?: boolean;
}

export interface HomeArea extends LatLon {
  km: number;
}

function area(lat: number, lon: number, km: number): { homeArea: HomeArea } {
  return { homeArea: { lat, lon, km } };
}

function op(name: string, country: string, classes: VehicleClass[], size: OperatorSize, extra: Partial<OperatorSpec> = {}): OperatorSpec {
  return { name, country, classes, size, confirmation: 'instant', ...extra };
}

const MANUAL = { confirmation: 'manual' } as const;
const BORNEO = area(3.5, 114, 900);

export const OPERATOR_CATALOGUE: readonly OperatorSpec[] = [
  // Thailand
  op('Siam Express Coach', 'TH', ['bus'], 'major'),
  op('Lanna Star Tour', 'TH', ['bus', 'van'], 'major', area(18.8, 99.5, 600)),
  op('Golden Orchid Transport', 'TH', ['bus'], 'regional'),
  op('Isan Horizon Bus', 'TH', ['bus'], 'regional', area(15.8, 103.3, 450)),
  op('Southern Palm Coach', 'TH', ['bus'], 'regional', area(8, 99.6, 450)),
  op('Chao Phraya Sleeper Lines', 'TH', ['bus'], 'regional'),
  op('Bangkok Minivan Service', 'TH', ['van'], 'regional'),
  op('Khao San Shuttle', 'TH', ['van'], 'small', { ...MANUAL, ...area(13.76, 100.5, 250) }),
  op('Gulf Coast Transfers', 'TH', ['van', 'charter'], 'regional'),
  op('Andaman Wave Ferries', 'TH', ['ferry'], 'major', area(7.9, 98.7, 250)),
  // Collects its own payment: Bangkok → Koh Samui by bus and boat is a two-part checkout (issue 26).
  op('Samui Island Ferry', 'TH', ['ferry'], 'major', { ...area(9.6, 99.8, 150), collectsOwnPayment: true }),
  op('Blue Lagoon Speedboats', 'TH', ['ferry'], 'regional'),
  op('Koh Chang Sea Link', 'TH', ['ferry'], 'small', { ...MANUAL, ...area(12.1, 102.4, 120) }),
  op('Phi Phi Sunrise Boats', 'TH', ['ferry'], 'small', { ...MANUAL, ...area(7.8, 98.8, 120) }),
  op('Lipe Island Express', 'TH', ['ferry'], 'small', { ...MANUAL, ...area(7, 99.5, 150) }),
  op('Siam Rail Link', 'TH', ['train'], 'major'),
  op('Siam Skyways', 'TH', ['avia'], 'major', { flightCode: 'XS' }),
  op('Golden Orchid Air', 'TH', ['avia'], 'regional', { flightCode: 'GO' }),
  op('Andaman Air Link', 'TH', ['avia'], 'regional', { flightCode: 'AQ', ...area(8, 98.6, 1200) }),
  op('Bangkok Private Transfers', 'TH', ['charter'], 'major'),
  op('Smile Taxi Thailand', 'TH', ['charter'], 'small'),
  // Cambodia
  op('Angkor Express Bus', 'KH', ['bus'], 'major'),
  op('Mekong Road Lines', 'KH', ['bus', 'van'], 'regional'),
  op('Tonle Sap Coach', 'KH', ['bus'], 'regional'),
  op('Kampot Minivan Co.', 'KH', ['van'], 'small', { ...MANUAL, ...area(10.6, 104.2, 250) }),
  op('Battambang Shuttle', 'KH', ['van'], 'small', { ...MANUAL, ...area(13.1, 103.2, 300) }),
  op('Koh Rong Island Hopper', 'KH', ['ferry'], 'small', { ...MANUAL, ...area(10.65, 103.4, 100) }),
  op('Tonle Sap River Express', 'KH', ['ferry'], 'regional', area(12.5, 104.4, 300)),
  op('Royal Khmer Rail', 'KH', ['train'], 'major'),
  op('Angkor Skies', 'KH', ['avia'], 'regional', { flightCode: 'KQ' }),
  op('Phnom Penh Private Cars', 'KH', ['charter'], 'regional'),
  // Laos
  op('Vientiane Star Coach', 'LA', ['bus'], 'major'),
  op('Lane Xang Express', 'LA', ['bus', 'van'], 'regional'),
  op('Luang Prabang Minivans', 'LA', ['van'], 'small', { ...MANUAL, ...area(19.9, 102.1, 300) }),
  op('Vang Vieng Shuttle', 'LA', ['van'], 'small', { ...MANUAL, ...area(18.9, 102.45, 250) }),
  op('Mekong Slow Boat Co.', 'LA', ['ferry'], 'small', { ...MANUAL, ...area(20, 101.2, 400) }),
  op('Lao Mekong Rail Link', 'LA', ['train'], 'major'),
  op('Champa Air', 'LA', ['avia'], 'regional', { flightCode: 'QL' }),
  op('Laos Private Drivers', 'LA', ['charter'], 'small'),
  // Vietnam
  op('Saigon Sleeper Bus', 'VN', ['bus'], 'major'),
  op('Red River Express', 'VN', ['bus'], 'regional', area(21, 105.8, 500)),
  op('Highlands Coach Lines', 'VN', ['bus', 'van'], 'regional'),
  op('Lotus Limousine', 'VN', ['van'], 'regional'),
  op('Sapa Shuttle Van', 'VN', ['van'], 'small', { ...MANUAL, ...area(21.6, 104.6, 350) }),
  op('Emerald Bay Ferries', 'VN', ['ferry'], 'regional', area(20.8, 107, 200)),
  op('Phu Quoc Sea Express', 'VN', ['ferry'], 'regional', area(10.2, 104.3, 250)),
  op('Reunification Rail', 'VN', ['train'], 'major'),
  op('Saigon Skybridge', 'VN', ['avia'], 'major', { flightCode: 'SV' }),
  op('Lotus Wings', 'VN', ['avia'], 'regional', { flightCode: 'LW' }),
  op('Vietnam Private Transfers', 'VN', ['charter'], 'regional'),
  // Malaysia
  op('Malaya Express Coach', 'MY', ['bus'], 'major', area(4, 102, 700)),
  op('Straits Line Bus', 'MY', ['bus'], 'regional', area(3, 102, 600)),
  op('Borneo Coachways', 'MY', ['bus'], 'regional', BORNEO),
  op('Cameron Highlands Shuttle', 'MY', ['van'], 'small', { ...MANUAL, ...area(4.5, 101.4, 350) }),
  op('Langkawi Sea Link', 'MY', ['ferry'], 'regional', area(6.1, 100.1, 250)),
  op('Tioman Island Ferries', 'MY', ['ferry'], 'small', { ...MANUAL, ...area(2.6, 104, 200) }),
  op('Semenanjung Rail', 'MY', ['train'], 'major'),
  op('Malacca Skyways', 'MY', ['avia'], 'major', { flightCode: 'MQ' }),
  op('Borneo Air Connect', 'MY', ['avia'], 'regional', { flightCode: 'BX', ...BORNEO }),
  op('KL Private Transfers', 'MY', ['charter'], 'regional'),
  // Singapore
  op('Lion City Coaches', 'SG', ['bus'], 'regional'),
  op('Merlion Sea Link', 'SG', ['ferry'], 'regional'),
  op('Lion Straits Airways', 'SG', ['avia'], 'major', { flightCode: 'LS' }),
  op('Singapore Limousine Transfers', 'SG', ['charter'], 'regional'),
  // Indonesia
  op('Nusantara Trans', 'ID', ['bus'], 'major'),
  op('Java Star Coach', 'ID', ['bus'], 'regional', area(-7.2, 110.5, 700)),
  op('Sumatra Raya Bus', 'ID', ['bus'], 'regional', area(2.5, 99, 700)),
  op('Bali Dewata Bus', 'ID', ['bus', 'van'], 'regional', area(-8.4, 115, 400)),
  op('Java Travel Shuttle', 'ID', ['van'], 'regional', area(-7.2, 110.5, 700)),
  op('Lombok Shuttle Travel', 'ID', ['van'], 'small', { ...MANUAL, ...area(-8.6, 116.2, 150) }),
  op('Selat Sunda Ferry', 'ID', ['ferry'], 'major'),
  op('Gili Fast Boats', 'ID', ['ferry'], 'regional', area(-8.5, 115.8, 200)),
  op('Bali Sea Express', 'ID', ['ferry'], 'small', { ...MANUAL, ...area(-8.6, 115.4, 200) }),
  op('Nusantara Rail', 'ID', ['train'], 'major'),
  op('Nusantara Skies', 'ID', ['avia'], 'major', { flightCode: 'NU' }),
  op('Spice Islands Air', 'ID', ['avia'], 'regional', { flightCode: 'SI' }),
  op('Bali Private Drivers', 'ID', ['charter'], 'regional', area(-8.5, 115.3, 300)),
  // The railways of the rail pass countries (issue 21) under their real names: a pass names its
  // issuer, and the trains it covers must be the same company's. Last, so the ids above stay.
  op('JR Central', 'JP', ['train'], 'major'),
  op('Korail', 'KR', ['train'], 'major'),
  op('Taiwan High Speed Rail', 'TW', ['train'], 'major'),
];

/** An operator row together with what the generator needs to know about it. */
export interface OperatorNode {
  row: OperatorRow;
  spec: OperatorSpec;
  /** Prefix of its route codes: flight code for airlines, initials otherwise. */
  codePrefix: string;
}

export { slugify };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3);
}

/**
 * Late-cancellation share by kind of service (the least generous class wins for a mixed fleet):
 * airlines keep the fare, a booked private car or a small family boat cannot be resold in
 * time, while big bus companies and railways resell most seats and return half.
 */
const LATE_REFUND_PCT: Readonly<Record<VehicleClass, number>> = { bus: 50, van: 50, train: 50, ferry: 25, avia: 0, charter: 0 };

export function lateRefundPct(classes: readonly VehicleClass[], size: OperatorSize): number {
  const byClass = Math.min(...classes.map((c) => LATE_REFUND_PCT[c]));
  return size === 'small' ? Math.min(byClass, 25) : byClass;
}

const SIZE_WEIGHT: Readonly<Record<OperatorSize, number>> = { major: 4, regional: 2, small: 1 };
const REVIEW_RANGE: Readonly<Record<OperatorSize, [number, number]>> = {
  major: [2_500, 28_000],
  regional: [300, 6_000],
  small: [15, 900],
};

export function buildOperators(
  specs: readonly OperatorSpec[],
  currencyByCountry: ReadonlyMap<string, string>,
  rng: Random,
  firstId = 1,
): OperatorNode[] {
  const nodes: OperatorNode[] = [];
  for (const spec of specs) {
    const currency = currencyByCountry.get(spec.country);
    if (currency === undefined) continue; // country not in this geography (test fixtures)
    const slug = slugify(spec.name);
    const [minReviews, maxReviews] = REVIEW_RANGE[spec.size];
    // Small operators skew lower: fewer reviews, more variance in how happy people are.
    const rating = Math.round(rng.float(spec.size === 'small' ? 3.2 : 3.6, 4.9) * 10) / 10;
    nodes.push({
      spec,
      codePrefix: spec.flightCode ?? initials(spec.name),
      row: {
        id: firstId + nodes.length,
        slug,
        name: spec.name,
        logo: `/logos/${slug}.svg`,
        vehicleClasses: [...spec.classes],
        rating,
        reviewCount: rng.int(minReviews, maxReviews),
        confirmation: spec.confirmation,
        currency,
        countryCode: spec.country,
        lateRefundPct: lateRefundPct(spec.classes, spec.size),
        // Issue 26: the shop collects for every seeded operator but the few that take their own payment.
        collectsOwnPayment: spec.collectsOwnPayment ?? false,
      },
    });
  }
  return nodes;
}

export interface PickOptions {
  /** Operators already serving the pair. */
  exclude?: readonly OperatorNode[];
  /** The route's ends: regional operators qualify only if one lies in their home area. */
  touching?: readonly LatLon[];
  /** For services that must run (every rail line, every ferry link): ignore home areas if nobody else is left. */
  anyAreaAsLastResort?: boolean;
}

/** Finds operators of a class, preferring the given countries in order. */
export class OperatorDirectory {
  readonly all: readonly OperatorNode[];

  constructor(all: readonly OperatorNode[]) {
    this.all = all;
  }

  /**
   * A weighted pick (bigger companies win more routes) in the first country of `countries`
   * that has a suitable operator. Regional operators whose home area the route touches come
   * first; nationwide ones fill in.
   */
  pick(rng: Random, vehicleClass: VehicleClass, countries: readonly string[], options: PickOptions = {}): OperatorNode | undefined {
    const { exclude = [], touching = [] } = options;
    const servesRoute = (o: OperatorNode) => {
      const home = o.spec.homeArea;
      return home === undefined || touching.length === 0 || touching.some((point) => haversineKm(home, point) <= home.km);
    };
    const eligible = (o: OperatorNode, country: string) =>
      o.spec.country === country && o.spec.classes.includes(vehicleClass) && !exclude.includes(o);
    for (const country of countries) {
      const candidates = this.all.filter((o) => eligible(o, country) && servesRoute(o));
      if (candidates.length > 0) return rng.weighted(candidates, (o) => SIZE_WEIGHT[o.spec.size]);
    }
    if (!options.anyAreaAsLastResort) return undefined;
    for (const country of countries) {
      const candidates = this.all.filter((o) => eligible(o, country));
      if (candidates.length > 0) return rng.weighted(candidates, (o) => SIZE_WEIGHT[o.spec.size]);
    }
    return undefined;
  }
}
