/**
 * The invented operators. Names are made up to sound like the region's companies without being
 * any real one. `size` steers how many routes an operator wins and how many reviews it has;
 * manual confirmation marks the small family businesses that confirm bookings by hand.
 */
import type { Random } from './random.ts';
import type { Confirmation, OperatorRow, VehicleClass } from './rows.ts';

export type OperatorSize = 'major' | 'regional' | 'small';

export interface OperatorSpec {
  name: string;
  country: string;
  classes: VehicleClass[];
  size: OperatorSize;
  confirmation: Confirmation;
  /** Two-character prefix of flight numbers, for airlines. */
  flightCode?: string;
}

function op(name: string, country: string, classes: VehicleClass[], size: OperatorSize, extra: Partial<OperatorSpec> = {}): OperatorSpec {
  return { name, country, classes, size, confirmation: 'instant', ...extra };
}

const MANUAL = { confirmation: 'manual' } as const;

export const OPERATOR_CATALOGUE: readonly OperatorSpec[] = [
  // Thailand
  op('Siam Express Coach', 'TH', ['bus'], 'major'),
  op('Lanna Star Tour', 'TH', ['bus', 'van'], 'major'),
  op('Golden Orchid Transport', 'TH', ['bus'], 'regional'),
  op('Isan Horizon Bus', 'TH', ['bus'], 'regional'),
  op('Southern Palm Coach', 'TH', ['bus'], 'regional'),
  op('Chao Phraya Sleeper Lines', 'TH', ['bus'], 'regional'),
  op('Bangkok Minivan Service', 'TH', ['van'], 'regional'),
  op('Khao San Shuttle', 'TH', ['van'], 'small', MANUAL),
  op('Gulf Coast Transfers', 'TH', ['van', 'charter'], 'regional'),
  op('Andaman Wave Ferries', 'TH', ['ferry'], 'major'),
  op('Samui Island Ferry', 'TH', ['ferry'], 'major'),
  op('Blue Lagoon Speedboats', 'TH', ['ferry'], 'regional'),
  op('Koh Chang Sea Link', 'TH', ['ferry'], 'small', MANUAL),
  op('Phi Phi Sunrise Boats', 'TH', ['ferry'], 'small', MANUAL),
  op('Lipe Island Express', 'TH', ['ferry'], 'small', MANUAL),
  op('Siam Rail Link', 'TH', ['train'], 'major'),
  op('Siam Skyways', 'TH', ['avia'], 'major', { flightCode: 'XS' }),
  op('Golden Orchid Air', 'TH', ['avia'], 'regional', { flightCode: 'GO' }),
  op('Andaman Air Link', 'TH', ['avia'], 'regional', { flightCode: 'AQ' }),
  op('Bangkok Private Transfers', 'TH', ['charter'], 'major'),
  op('Smile Taxi Thailand', 'TH', ['charter'], 'small'),
  // Cambodia
  op('Angkor Express Bus', 'KH', ['bus'], 'major'),
  op('Mekong Road Lines', 'KH', ['bus', 'van'], 'regional'),
  op('Tonle Sap Coach', 'KH', ['bus'], 'regional'),
  op('Kampot Minivan Co.', 'KH', ['van'], 'small', MANUAL),
  op('Battambang Shuttle', 'KH', ['van'], 'small', MANUAL),
  op('Koh Rong Island Hopper', 'KH', ['ferry'], 'small', MANUAL),
  op('Tonle Sap River Express', 'KH', ['ferry'], 'regional'),
  op('Royal Khmer Rail', 'KH', ['train'], 'major'),
  op('Angkor Skies', 'KH', ['avia'], 'regional', { flightCode: 'KQ' }),
  op('Phnom Penh Private Cars', 'KH', ['charter'], 'regional'),
  // Laos
  op('Vientiane Star Coach', 'LA', ['bus'], 'major'),
  op('Lane Xang Express', 'LA', ['bus', 'van'], 'regional'),
  op('Luang Prabang Minivans', 'LA', ['van'], 'small', MANUAL),
  op('Vang Vieng Shuttle', 'LA', ['van'], 'small', MANUAL),
  op('Mekong Slow Boat Co.', 'LA', ['ferry'], 'small', MANUAL),
  op('Lao Mekong Rail Link', 'LA', ['train'], 'major'),
  op('Champa Air', 'LA', ['avia'], 'regional', { flightCode: 'QL' }),
  op('Laos Private Drivers', 'LA', ['charter'], 'small'),
  // Vietnam
  op('Saigon Sleeper Bus', 'VN', ['bus'], 'major'),
  op('Red River Express', 'VN', ['bus'], 'regional'),
  op('Highlands Coach Lines', 'VN', ['bus', 'van'], 'regional'),
  op('Lotus Limousine', 'VN', ['van'], 'regional'),
  op('Sapa Shuttle Van', 'VN', ['van'], 'small', MANUAL),
  op('Emerald Bay Ferries', 'VN', ['ferry'], 'regional'),
  op('Phu Quoc Sea Express', 'VN', ['ferry'], 'regional'),
  op('Reunification Rail', 'VN', ['train'], 'major'),
  op('Saigon Skybridge', 'VN', ['avia'], 'major', { flightCode: 'SV' }),
  op('Lotus Wings', 'VN', ['avia'], 'regional', { flightCode: 'LW' }),
  op('Vietnam Private Transfers', 'VN', ['charter'], 'regional'),
  // Malaysia
  op('Malaya Express Coach', 'MY', ['bus'], 'major'),
  op('Straits Line Bus', 'MY', ['bus'], 'regional'),
  op('Borneo Coachways', 'MY', ['bus'], 'regional'),
  op('Cameron Highlands Shuttle', 'MY', ['van'], 'small', MANUAL),
  op('Langkawi Sea Link', 'MY', ['ferry'], 'regional'),
  op('Tioman Island Ferries', 'MY', ['ferry'], 'small', MANUAL),
  op('Semenanjung Rail', 'MY', ['train'], 'major'),
  op('Malacca Skyways', 'MY', ['avia'], 'major', { flightCode: 'MQ' }),
  op('Borneo Air Connect', 'MY', ['avia'], 'regional', { flightCode: 'BX' }),
  op('KL Private Transfers', 'MY', ['charter'], 'regional'),
  // Singapore
  op('Lion City Coaches', 'SG', ['bus'], 'regional'),
  op('Merlion Sea Link', 'SG', ['ferry'], 'regional'),
  op('Lion Straits Airways', 'SG', ['avia'], 'major', { flightCode: 'LS' }),
  op('Singapore Limousine Transfers', 'SG', ['charter'], 'regional'),
  // Indonesia
  op('Nusantara Trans', 'ID', ['bus'], 'major'),
  op('Java Star Coach', 'ID', ['bus'], 'regional'),
  op('Sumatra Raya Bus', 'ID', ['bus'], 'regional'),
  op('Bali Dewata Bus', 'ID', ['bus', 'van'], 'regional'),
  op('Java Travel Shuttle', 'ID', ['van'], 'regional'),
  op('Lombok Shuttle Travel', 'ID', ['van'], 'small', MANUAL),
  op('Selat Sunda Ferry', 'ID', ['ferry'], 'major'),
  op('Gili Fast Boats', 'ID', ['ferry'], 'regional'),
  op('Bali Sea Express', 'ID', ['ferry'], 'small', MANUAL),
  op('Nusantara Rail', 'ID', ['train'], 'major'),
  op('Nusantara Skies', 'ID', ['avia'], 'major', { flightCode: 'NU' }),
  op('Spice Islands Air', 'ID', ['avia'], 'regional', { flightCode: 'SI' }),
  op('Bali Private Drivers', 'ID', ['charter'], 'regional'),
];

/** An operator row together with what the generator needs to know about it. */
export interface OperatorNode {
  row: OperatorRow;
  spec: OperatorSpec;
  /** Prefix of its route codes: flight code for airlines, initials otherwise. */
  codePrefix: string;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3);
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
      },
    });
  }
  return nodes;
}

/** Finds operators of a class, preferring the given countries in order. */
export class OperatorDirectory {
  readonly all: readonly OperatorNode[];

  constructor(all: readonly OperatorNode[]) {
    this.all = all;
  }

  ofClass(vehicleClass: VehicleClass, country: string): OperatorNode[] {
    return this.all.filter((o) => o.spec.country === country && o.spec.classes.includes(vehicleClass));
  }

  /** A weighted pick among the first country in `countries` that has such an operator. */
  pick(rng: Random, vehicleClass: VehicleClass, countries: readonly string[], exclude: readonly OperatorNode[] = []): OperatorNode | undefined {
    for (const country of countries) {
      const candidates = this.ofClass(vehicleClass, country).filter((o) => !exclude.includes(o));
      if (candidates.length > 0) return rng.weighted(candidates, (o) => SIZE_WEIGHT[o.spec.size]);
    }
    return undefined;
  }
}
