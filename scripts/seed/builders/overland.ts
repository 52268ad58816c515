/**
 * Buses and minivans between places on the same landmass. Busier pairs get more operators
 * and more departures; long bus routes call at towns that lie on the way and run overnight.
 */
import type { PlaceNode, StationNode } from '../geography.ts';
import type { StationKind } from '../rows.ts';
import { stationsOfKind } from '../geography.ts';
import { detourRatio, haversineKm, ROAD_DETOUR_FACTOR, roadKm } from '../geo.ts';
import { fareMinor } from '../money.ts';
import type { OperatorNode } from '../operators.ts';
import type { Random } from '../random.ts';
import type { DepartureSpec, Feature, OptionSpec } from '../sink.ts';
import {
  type BuildContext,
  consecutive,
  durationOf,
  meanPopularity,
  nearestTo,
  pairWeight,
  pickRefundHours,
  pickWeekdays,
  roadStops,
  spreadDepartures,
  timesConfirmedFor,
} from './common.ts';

const BUS_MAX_KM = 1_000;
const VAN_MAX_KM = 350;
/** Average speeds including stops, traffic and border formalities. */
const BUS_KMH = 55;
const VAN_KMH = 65;

type BusTier = 'standard' | 'first' | 'vip';

interface FareTier {
  baseThb: number;
  perKmThb: number;
  features: Feature[];
}

/** Fares in Thai-level baht: Bangkok–Chiang Mai (~700 km) VIP ≈ 900, 1st class ≈ 700. */
const BUS_FARES: Readonly<Record<BusTier, FareTier>> = {
  standard: { baseThb: 40, perKmThb: 0.75, features: ['ac', 'luggage'] },
  first: { baseThb: 40, perKmThb: 0.95, features: ['ac', 'toilet', 'reclining_seats', 'luggage', 'snack'] },
  vip: {
    baseThb: 40,
    perKmThb: 1.23,
    features: ['ac', 'toilet', 'reclining_seats', 'luggage', 'snack', 'wifi', 'power_outlet', 'blanket', 'entertainment'],
  },
};

interface ClassName {
  name: string;
  seats: number;
  sleeper?: boolean;
}

const THAI_BUS_CLASS_NAMES: Record<BusTier, ClassName> = {
  standard: { name: 'Standard 40 seats', seats: 40 },
  first: { name: '1st class 32 seats', seats: 32 },
  vip: { name: 'VIP 24 seats', seats: 24 },
};

/** What operators in each country call their coach classes. */
const BUS_CLASS_NAMES: Readonly<Record<string, Record<BusTier, ClassName>>> = {
  TH: THAI_BUS_CLASS_NAMES,
  MY: {
    standard: { name: 'Standard 40 seats', seats: 40 },
    first: { name: 'Executive 30 seats', seats: 30 },
    vip: { name: 'VIP 27 seats', seats: 27 },
  },
  SG: {
    standard: { name: 'Standard 40 seats', seats: 40 },
    first: { name: 'Executive 30 seats', seats: 30 },
    vip: { name: 'VIP 27 seats', seats: 27 },
  },
  VN: {
    standard: { name: 'Seater 45 seats', seats: 45 },
    first: { name: 'Sleeper 40 berths', seats: 40, sleeper: true },
    vip: { name: 'VIP cabin 24 berths', seats: 24, sleeper: true },
  },
  KH: {
    standard: { name: 'Standard 45 seats', seats: 45 },
    first: { name: 'Express 32 seats', seats: 32 },
    vip: { name: 'VIP sleeper 30 berths', seats: 30, sleeper: true },
  },
  LA: {
    standard: { name: 'Standard 45 seats', seats: 45 },
    first: { name: 'VIP 32 seats', seats: 32 },
    vip: { name: 'VIP sleeper 34 berths', seats: 34, sleeper: true },
  },
  ID: {
    standard: { name: 'Economy 40 seats', seats: 40 },
    first: { name: 'Executive 32 seats', seats: 32 },
    vip: { name: 'Super executive 24 seats', seats: 24 },
  },
};

const VAN_CLASS_NAMES: Readonly<Record<string, { basic: ClassName; premium: ClassName }>> = {
  VN: { basic: { name: 'Limousine 9 seats', seats: 9 }, premium: { name: 'Minivan 13 seats', seats: 13 } },
  ID: { basic: { name: 'Shuttle 10 seats', seats: 10 }, premium: { name: 'Premium shuttle 9 seats', seats: 9 } },
};
const DEFAULT_VAN_NAMES = { basic: { name: 'Minivan 13 seats', seats: 13 }, premium: { name: 'VIP van 9 seats', seats: 9 } };

export function buildOverlandRoutes(ctx: BuildContext, rng: Random): void {
  const busPlaces = ctx.geo.places.filter((p) => stationsOfKind(p, 'bus_terminal').length > 0);
  const vanPlaces = ctx.geo.places.filter((p) => stationsOfKind(p, 'pickup_point', 'bus_terminal').length > 0);

  // Buses: very short hops are mostly left to vans; vans: fewer beyond 200 km.
  const busChance = pairChance(ctx.geo.places, 1.5, 700, (km) => (km < 60 ? 0.4 : 1));
  const vanChance = pairChance(ctx.geo.places, 2, VAN_MAX_KM, (km) => (km <= 200 ? 1 : 0.6));
  for (const [a, b] of choosePairs(busPlaces, rng.fork('bus-pairs'), busChance, BUS_MAX_KM)) {
    addOverlandPair(ctx, rng, 'bus', a, b, busPlaces);
  }
  for (const [a, b] of choosePairs(vanPlaces, rng.fork('van-pairs'), vanChance, VAN_MAX_KM)) {
    addOverlandPair(ctx, rng, 'van', a, b, busPlaces);
  }
}

/** One to three operators serve a pair, more the busier it is; each runs both directions. */
function addOverlandPair(
  ctx: BuildContext,
  rng: Random,
  vehicleClass: 'bus' | 'van',
  a: PlaceNode,
  b: PlaceNode,
  busPlaces: readonly PlaceNode[],
): void {
  const weight = pairWeight(a, b);
  const operatorCount = 1 + (weight > 0.3 ? 1 : 0) + (weight > 0.6 ? 1 : 0);
  // Across a border either side's companies may run the service.
  const countries = rng.chance(0.5) ? [a.row.countryCode, b.row.countryCode] : [b.row.countryCode, a.row.countryCode];
  const chosen: OperatorNode[] = [];
  for (let i = 0; i < operatorCount; i++) {
    const operator = ctx.operators.pick(rng, vehicleClass, countries, { exclude: chosen, touching: [a.row, b.row] });
    if (!operator) break;
    chosen.push(operator);
    if (vehicleClass === 'bus') addBusRoutes(ctx, rng, operator, a, b, busPlaces);
    else addVanRoutes(ctx, rng, operator, a, b);
  }
}

/** A place's two nearest neighbours within this range are always linked, so no town is left without a service. */
const NEIGHBOUR_LINK_KM = 400;
/** …but across a border only the short hop between twin border towns (Nong Khai – Vientiane). */
const BORDER_HOP_KM = 150;

/** Unordered pairs on one landmass within range, drawn with `chance`, plus each place's nearest neighbours. */
function choosePairs(
  places: readonly PlaceNode[],
  rng: Random,
  chance: (a: PlaceNode, b: PlaceNode, km: number) => number,
  maxKm: number,
): [PlaceNode, PlaceNode][] {
  const chosen = new Map<string, [PlaceNode, PlaceNode]>();
  const key = (a: PlaceNode, b: PlaceNode) => (a.row.id < b.row.id ? `${a.row.id}-${b.row.id}` : `${b.row.id}-${a.row.id}`);
  for (const [i, a] of places.entries()) {
    const neighbours: { place: PlaceNode; km: number }[] = [];
    for (const [j, b] of places.entries()) {
      if (i === j || a.landmass !== b.landmass) continue;
      const km = roadKm(a.row, b.row);
      if (km < 15 || km > maxKm) continue;
      neighbours.push({ place: b, km });
      if (j > i && rng.chance(chance(a, b, km))) chosen.set(key(a, b), [a, b]);
    }
    neighbours.sort((x, y) => x.km - y.km);
    const linkable = neighbours.filter((n) => n.km <= (n.place.row.countryCode === a.row.countryCode ? NEIGHBOUR_LINK_KM : BORDER_HOP_KM));
    for (const { place } of linkable.slice(0, 2)) chosen.set(key(a, place), a.row.id < place.row.id ? [a, place] : [place, a]);
  }
  return [...chosen.values()].sort((x, y) => x[0].row.id - y[0].row.id || x[1].row.id - y[1].row.id);
}

/**
 * Chance that a road service links two places. Across a border only fairly popular pairs get a
 * through service (Bangkok – Phnom Penh, Udon Thani – Vientiane), never one that would have to
 * cross a third country on the way: every quarter point of the trip must be nearest to a place
 * in one of the two countries.
 */
function pairChance(allPlaces: readonly PlaceNode[], perWeight: number, longKm: number, shortFactor: (km: number) => number) {
  const nearestCountry = (lat: number, lon: number) => nearestTo(allPlaces, { lat, lon })?.row.countryCode;
  const staysInBothCountries = (a: PlaceNode, b: PlaceNode) =>
    [0.25, 0.5, 0.75].every((t) => {
      const country = nearestCountry(a.row.lat + t * (b.row.lat - a.row.lat), a.row.lon + t * (b.row.lon - a.row.lon));
      return country === a.row.countryCode || country === b.row.countryCode;
    });
  return (a: PlaceNode, b: PlaceNode, km: number): number => {
    const weight = pairWeight(a, b);
    if (a.row.countryCode === b.row.countryCode) {
      // The busiest corridors (Bangkok – Chiang Mai) always have road services.
      if (weight >= 0.5 && km >= 60) return 1;
      return Math.min(1, 0.02 + perWeight * weight) * shortFactor(km) * (km > longKm ? 0.75 : 1);
    }
    if (weight < 0.2 || km > 800 || !staysInBothCountries(a, b)) return 0;
    return Math.min(1, perWeight * (weight - 0.1)) * shortFactor(km);
  };
}

/** A long bus may be this much longer than the direct line because of its stops on the way. */
const MAX_DETOUR_WITH_STOPS = 1.1;

function pathKm(points: readonly PlaceNode[]): number {
  return consecutive(points).reduce((km, [x, y]) => km + haversineKm(x.row, y.row), 0);
}

/**
 * Towns with a bus terminal that lie on the way, busiest first: each at least 35 km from the
 * ends and from each other, in the countries of the two ends, and all of them together adding
 * at most 10% to the trip, which also keeps the bus from zigzagging between them.
 */
function stopsOnTheWay(from: PlaceNode, to: PlaceNode, candidates: readonly PlaceNode[]): PlaceNode[] {
  const maxStops = Math.min(4, Math.floor(roadKm(from.row, to.row) / 180));
  if (maxStops === 0) return [];
  const directKm = haversineKm(from.row, to.row);
  const countries = new Set([from.row.countryCode, to.row.countryCode]);
  const byDistanceFromStart = (x: PlaceNode, y: PlaceNode) => haversineKm(from.row, x.row) - haversineKm(from.row, y.row);
  const onTheWay = candidates
    .filter(
      (p) =>
        p !== from &&
        p !== to &&
        p.landmass === from.landmass &&
        countries.has(p.row.countryCode) &&
        haversineKm(p.row, from.row) > 35 &&
        haversineKm(p.row, to.row) > 35 &&
        detourRatio(from.row, p.row, to.row) < MAX_DETOUR_WITH_STOPS,
    )
    .sort((x, y) => y.row.popularity - x.row.popularity || x.row.id - y.row.id);
  let picked: PlaceNode[] = [];
  for (const p of onTheWay) {
    if (picked.length >= maxStops) break;
    if (picked.some((q) => haversineKm(p.row, q.row) <= 35)) continue;
    const trial = [...picked, p].sort(byDistanceFromStart);
    if (pathKm([from, ...trial, to]) <= MAX_DETOUR_WITH_STOPS * directKm) picked = trial;
  }
  return picked;
}

function addBusRoutes(
  ctx: BuildContext,
  rng: Random,
  operator: OperatorNode,
  a: PlaceNode,
  b: PlaceNode,
  busPlaces: readonly PlaceNode[],
): void {
  const via = stopsOnTheWay(a, b, busPlaces);
  const placesOut = [a, ...via, b];
  const tiers = pickBusTiers(rng, roadKm(a.row, b.row));
  const names = BUS_CLASS_NAMES[operator.row.countryCode] ?? THAI_BUS_CLASS_NAMES;
  const weekdays = pickWeekdays(rng, 0.04);
  const refund = pickRefundHours(rng);
  const cutoff = rng.pick([15, 30, 45, 60]);
  const codePrefix = tiers.includes('vip') ? 'VIP' : tiers.includes('first') ? 'EXP' : operator.codePrefix;
  const numbers = ctx.codes.pair(operator, rng);

  for (const [direction, placeSequence] of [placesOut, [...placesOut].reverse()].entries()) {
    // Each town's terminal on the side the bus comes from (Bangkok: Mo Chit for the north).
    const stations = placeSequence.map((place, i) => stationFacing(place, placeSequence[i === 0 ? 1 : i - 1] ?? place, ['bus_terminal']));
    const { stops, distanceKm } = roadStops(rng, stations, BUS_KMH, ROAD_DETOUR_FACTOR);
    const hours = durationOf(stops) / 60;
    const options: OptionSpec[] = tiers.map((tier) => {
      const fare = BUS_FARES[tier];
      const cls = names[tier];
      const features = new Set<Feature>(fare.features);
      if (cls.sleeper) features.add('sleeper').add('blanket');
      if (hours > 8) features.add('blanket');
      return {
        className: cls.name,
        priceMinor: fareMinor(fare.baseThb + fare.perKmThb * distanceKm, operator.row.countryCode, operator.row.currency),
        seats: cls.seats,
        features: [...features],
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
        // Sleeper and VIP coaches on long roads sell numbered places; standard buses seat on board.
        ...(cls.sleeper ? { layout: 'coach-sleeper' as const } : tier === 'vip' ? { layout: 'coach-vip-1x2' as const } : {}),
      };
    });
    const origin = direction === 0 ? a : b;
    ctx.sink.add({
      operator: operator.row,
      vehicleClass: 'bus',
      code: `${codePrefix} ${numbers[direction]}`,
      distanceKm,
      stops,
      departures: busDepartures(rng, hours, pairWeight(a, b)).map((minute) => ({ minute, weekdays })),
      timesConfirmed: timesConfirmedFor(operator, 'bus'),
      options,
      timeZone: origin.row.timeZone,
      popularity: meanPopularity(a, b),
    });
  }
}

function pickBusTiers(rng: Random, km: number): BusTier[] {
  if (km < 200) return rng.chance(0.4) ? ['standard', 'first'] : ['standard'];
  if (km < 500) return [...(rng.chance(0.3) ? (['standard'] as const) : []), 'first', ...(rng.chance(0.6) ? (['vip'] as const) : [])];
  return [...(rng.chance(0.7) ? (['first'] as const) : []), 'vip'];
}

/** Short trips run all day; long ones leave in the evening and arrive in the morning. */
function busDepartures(rng: Random, hours: number, weight: number): number[] {
  if (hours <= 5) return spreadDepartures(rng, Math.min(12, 2 + Math.round(weight * 10) + rng.int(0, 2)), 6 * 60, 19 * 60 + 30, 15);
  if (hours <= 10) {
    const day = spreadDepartures(rng, 1 + Math.round(weight * 4), 6 * 60 + 30, 14 * 60, 15);
    const night = rng.chance(0.6) ? spreadDepartures(rng, 1, 19 * 60, 22 * 60 + 30, 15) : [];
    return [...new Set([...day, ...night])];
  }
  const night = spreadDepartures(rng, 1 + Math.round(weight * 3), 17 * 60 + 30, 22 * 60 + 30, 15);
  const morning = rng.chance(0.5) ? spreadDepartures(rng, 1, 6 * 60, 9 * 60, 15) : [];
  return [...new Set([...morning, ...night])];
}

function addVanRoutes(ctx: BuildContext, rng: Random, operator: OperatorNode, a: PlaceNode, b: PlaceNode): void {
  const names = VAN_CLASS_NAMES[operator.row.countryCode] ?? DEFAULT_VAN_NAMES;
  const withPremium = rng.chance(0.35);
  const refund = pickRefundHours(rng);
  const cutoff = rng.pick([15, 30, 45, 60]);
  const weekdays = pickWeekdays(rng, 0.06);
  const weight = pairWeight(a, b);
  const numbers = ctx.codes.pair(operator, rng);
  const offersPickup = operator.spec.size === 'small' || rng.chance(0.3);

  for (const [direction, [origin, destination]] of (
    [
      [a, b],
      [b, a],
    ] as const
  ).entries()) {
    // Vans leave from the tourist pickup points where a place has them, else the terminal.
    const stations = [
      stationFacing(origin, destination, ['pickup_point', 'bus_terminal']),
      stationFacing(destination, origin, ['pickup_point', 'bus_terminal']),
    ];
    const { stops, distanceKm } = roadStops(rng, stations, VAN_KMH, ROAD_DETOUR_FACTOR);
    const basicFeatures: Feature[] = offersPickup ? ['ac', 'luggage', 'pickup'] : ['ac', 'luggage'];
    const basicPrice = fareMinor(50 + 0.9 * distanceKm, operator.row.countryCode, operator.row.currency);
    const options: OptionSpec[] = [
      {
        className: names.basic.name,
        priceMinor: basicPrice,
        seats: names.basic.seats,
        features: basicFeatures,
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
      },
    ];
    if (withPremium) {
      options.push({
        className: names.premium.name,
        priceMinor: fareMinor(1.4 * (50 + 0.9 * distanceKm), operator.row.countryCode, operator.row.currency),
        seats: names.premium.seats,
        features: [...basicFeatures, 'reclining_seats', 'wifi', 'power_outlet'],
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
      });
    }
    const departures: DepartureSpec[] = spreadDepartures(rng, Math.min(12, 2 + Math.round(weight * 12)), 6 * 60, 18 * 60, 30).map(
      (minute) => ({ minute, weekdays }),
    );
    ctx.sink.add({
      operator: operator.row,
      vehicleClass: 'van',
      code: `${operator.codePrefix} ${numbers[direction]}`,
      distanceKm,
      stops,
      departures,
      timesConfirmed: timesConfirmedFor(operator, 'van'),
      options,
      timeZone: origin.row.timeZone,
      popularity: meanPopularity(a, b),
    });
  }
}

/**
 * The place's station of the first kind in `preference` that it has, nearest to where the trip
 * goes. Callers only pass places known to have one, so a miss is a generator bug.
 */
function stationFacing(place: PlaceNode, toward: PlaceNode, preference: readonly StationKind[]): StationNode {
  for (const kind of preference) {
    const station = nearestTo(stationsOfKind(place, kind), toward.row);
    if (station) return station;
  }
  throw new Error(`${place.row.slug} has no ${preference.join(' or ')}`);
}
