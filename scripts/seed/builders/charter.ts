/**
 * Private cars with driver ("charter taxis"): airport transfers into town and to nearby
 * resorts, and door-to-door trips between popular places up to 300 km apart. Priced per
 * vehicle, bookable every two hours through the day.
 */
import type { PlaceNode, StationNode } from '../geography.ts';
import { stationsOfKind } from '../geography.ts';
import { haversineKm, ROAD_DETOUR_FACTOR, roadKm } from '../geo.ts';
import { fareMinor } from '../money.ts';
import type { Random } from '../random.ts';
import type { Feature, OptionSpec } from '../sink.ts';
import { DAILY } from '../time.ts';
import { type BuildContext, nearestTo, pairWeight, roadStops, unorderedPairs } from './common.ts';

const CHARTER_MAX_KM = 300;
const AIRPORT_TRANSFER_MAX_KM = 150;
const CHARTER_KMH = 60;
/** On the hour every two hours, 06:00–20:00: the slots a driver can be booked for. */
const CHARTER_SLOTS = [6, 8, 10, 12, 14, 16, 18, 20].map((h) => h * 60);

/** Where a driver meets you in town: a pickup point, else the bus terminal. */
function meetingPoint(place: PlaceNode, toward: PlaceNode | StationNode): StationNode | undefined {
  return nearestTo(stationsOfKind(place, 'pickup_point'), toward.row) ?? nearestTo(stationsOfKind(place, 'bus_terminal'), toward.row);
}

export function buildCharterRoutes(ctx: BuildContext, rng: Random): void {
  const seen = new Set<string>();
  const addOnce = (from: StationNode, to: StationNode) => {
    const key = from.row.id < to.row.id ? `${from.row.id}-${to.row.id}` : `${to.row.id}-${from.row.id}`;
    if (from === to || seen.has(key)) return;
    seen.add(key);
    addCharterPair(ctx, rng, from, to);
  };

  // Airport transfers: into the airport's own town and out to the resorts around it.
  for (const airport of ctx.geo.stations.filter((s) => s.row.kind === 'airport')) {
    const home = airport.place;
    const ownTown = meetingPoint(home, airport);
    if (ownTown && haversineKm(ownTown.row, airport.row) >= 5) addOnce(airport, ownTown);
    const nearby = ctx.geo.places
      .filter(
        (p) =>
          p !== home && p.landmass === home.landmass && p.row.popularity >= 25 && roadKm(airport.row, p.row) <= AIRPORT_TRANSFER_MAX_KM,
      )
      .sort((x, y) => y.row.popularity - x.row.popularity || x.row.id - y.row.id)
      .slice(0, 6);
    for (const place of nearby) {
      const meet = meetingPoint(place, airport);
      if (meet && haversineKm(meet.row, airport.row) >= 5 && (place.row.popularity >= 50 || rng.chance(0.3 + place.row.popularity / 100)))
        addOnce(airport, meet);
    }
  }

  // Town to town between popular places.
  const towns = ctx.geo.places.filter((p) => p.row.popularity >= 30 && meetingPoint(p, p) !== undefined);
  for (const [a, b] of unorderedPairs(towns)) {
    if (a.landmass !== b.landmass) continue;
    const km = roadKm(a.row, b.row);
    if (km < 20 || km > CHARTER_MAX_KM) continue;
    if (!rng.chance(0.1 + 1.2 * pairWeight(a, b))) continue;
    const from = meetingPoint(a, b);
    const to = meetingPoint(b, a);
    if (from && to) addOnce(from, to);
  }
}

/** Thai-level baht: about 25 per km for a sedan with a 1,000 minimum; an SUV costs 40% more. */
function addCharterPair(ctx: BuildContext, rng: Random, a: StationNode, b: StationNode): void {
  const operator = ctx.operators.pick(rng, 'charter', [a.place.row.countryCode, b.place.row.countryCode], { touching: [a.row, b.row] });
  if (!operator) return;
  const country = operator.row.countryCode;
  const currency = operator.row.currency;
  const refund = rng.chance(0.3) ? null : rng.pick([24, 48] as const);
  const cutoff = rng.pick([180, 240, 360, 480, 720]);
  const withSuv = rng.chance(0.7);
  const numbers = ctx.codes.pair(operator, rng);

  for (const [direction, [origin, destination]] of (
    [
      [a, b],
      [b, a],
    ] as const
  ).entries()) {
    const { stops, distanceKm } = roadStops(rng, [origin, destination], CHARTER_KMH, ROAD_DETOUR_FACTOR);
    const features: Feature[] = ['ac', 'luggage', 'pickup'];
    const options: OptionSpec[] = [
      {
        className: 'Private sedan (3 pax)',
        priceMinor: fareMinor(Math.max(1_000, 25 * distanceKm), country, currency),
        seats: 3,
        features,
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
      },
    ];
    if (withSuv) {
      options.push({
        className: 'Private SUV (6 pax)',
        priceMinor: fareMinor(Math.max(1_400, 35 * distanceKm), country, currency),
        seats: 6,
        features: [...features, 'wifi'],
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
      });
    }
    ctx.sink.add({
      operator: operator.row,
      vehicleClass: 'charter',
      code: `${operator.codePrefix} ${numbers[direction]}`,
      distanceKm,
      stops,
      departures: CHARTER_SLOTS.map((minute) => ({ minute, weekdays: DAILY })),
      timesConfirmed: true,
      options,
      timeZone: origin.place.row.timeZone,
      popularity: Math.round((origin.place.row.popularity + destination.place.row.popularity) / 2),
    });
  }
}
