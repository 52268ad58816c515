/**
 * Domestic and regional flights between airports at least 250 km apart. Each flight number is
 * its own route with one daily departure, like an airline timetable; busy city pairs get
 * several flights a day from more than one airline.
 */
import type { PlaceNode, StationNode } from '../geography.ts';
import { haversineKm, type LatLon } from '../geo.ts';
import { fareMinor } from '../money.ts';
import type { OperatorNode } from '../operators.ts';
import type { Random } from '../random.ts';
import type { OptionSpec } from '../sink.ts';
import { type BuildContext, pickRefundHours, pickWeekdays, roundTo, spreadDepartures, unorderedPairs } from './common.ts';

const MIN_FLIGHT_KM = 250;
/** Taxi, climb and descent, plus cruising at ~700 km/h block speed. */
const FIXED_FLIGHT_MIN = 40;
const CRUISE_KMH = 700;
/** The busiest airports of a country, which every other airport there connects to. */
const HUBS_PER_COUNTRY = 3;

export function flightMinutes(km: number): number {
  return roundTo(FIXED_FLIGHT_MIN + (km / CRUISE_KMH) * 60, 5);
}

/**
 * City airports that see few scheduled flights next to the main one (Seletar, Subang, Halim,
 * Adisucipto): facts about the real airports, which the geography data does not record.
 */
const SECONDARY_AIRPORT_CODES = new Set(['XSP', 'SZB', 'HLP', 'JOG']);
/** An airport serves the most popular place within this distance on its landmass. */
const CATCHMENT_KM = 30;

/**
 * How much traffic an airport draws, 1–100. An airport takes the popularity of the busiest
 * place it serves (Bali's airport serves Kuta, Changi serves the city); secondary airports and
 * extra terminals without their own code get a share of it.
 */
function airportPopularities(airports: readonly StationNode[], places: readonly PlaceNode[]): Map<StationNode, number> {
  const popularity = new Map<StationNode, number>();
  for (const airport of airports) {
    let catchment = airport.place.row.popularity;
    for (const place of places) {
      if (place.landmass === airport.place.landmass && haversineKm(place.row, airport.row) <= CATCHMENT_KM) {
        catchment = Math.max(catchment, place.row.popularity);
      }
    }
    const code = airport.row.code;
    const share = code === null ? 0.5 : SECONDARY_AIRPORT_CODES.has(code) ? 0.35 : 1;
    popularity.set(airport, catchment * share);
  }
  return popularity;
}

export function buildFlightRoutes(ctx: BuildContext, rng: Random): void {
  const airports = ctx.geo.stations.filter((s) => s.row.kind === 'airport');
  const popularity = airportPopularities(airports, ctx.geo.places);
  const weightOf = (a: StationNode, b: StationNode) => ((popularity.get(a) ?? 0) * (popularity.get(b) ?? 0)) / 10_000;
  const hubs = pickHubs(airports, popularity);

  for (const [a, b] of unorderedPairs(airports)) {
    const km = haversineKm(a.row, b.row);
    if (km < MIN_FLIGHT_KM) continue;
    const weight = weightOf(a, b);
    if (!rng.chance(flightPairChance(a, b, weight, hubs))) continue;
    addFlightPair(ctx, rng, a, b, km, weight);
  }
}

function pickHubs(airports: readonly StationNode[], popularity: ReadonlyMap<StationNode, number>): Set<StationNode> {
  const byCountry = new Map<string, StationNode[]>();
  for (const airport of airports) {
    const list = byCountry.get(airport.place.row.countryCode) ?? [];
    list.push(airport);
    byCountry.set(airport.place.row.countryCode, list);
  }
  const hubs = new Set<StationNode>();
  for (const list of byCountry.values()) {
    const ranked = [...list].sort((x, y) => (popularity.get(y) ?? 0) - (popularity.get(x) ?? 0) || x.row.id - y.row.id);
    for (const airport of ranked.slice(0, HUBS_PER_COUNTRY)) hubs.add(airport);
  }
  return hubs;
}

/** Domestic: everything to the hubs, a little between regional airports. Regional: mostly hub to hub. */
function flightPairChance(a: StationNode, b: StationNode, weight: number, hubs: ReadonlySet<StationNode>): number {
  const hubCount = (hubs.has(a) ? 1 : 0) + (hubs.has(b) ? 1 : 0);
  if (a.place.row.countryCode === b.place.row.countryCode) {
    if (hubCount === 2) return 1;
    return hubCount === 1 ? Math.min(1, 0.55 + weight) : weight * 0.4;
  }
  if (hubCount === 2) return Math.min(1, 0.15 + weight);
  return hubCount === 1 ? weight * 0.25 : 0;
}

function addFlightPair(ctx: BuildContext, rng: Random, a: StationNode, b: StationNode, km: number, weight: number): void {
  const countries = [a.place.row.countryCode, b.place.row.countryCode];
  const flightsPerDirection = Math.min(6, 1 + Math.round(weight * 5));
  const minutes = flightMinutes(km);
  const outboundTimes = spreadDepartures(rng, flightsPerDirection, 6 * 60, 21 * 60 + 30, 5);
  const returnTimes = spreadDepartures(rng, flightsPerDirection, 6 * 60 + 30, 22 * 60, 5);
  const airlines = pickAirlines(ctx, rng, [a.row, b.row], countries, flightsPerDirection, weight);
  if (!airlines) {
    ctx.warnings.push(`no airline for ${a.row.slug} – ${b.row.slug}; flights skipped`);
    return;
  }

  outboundTimes.forEach((outMinute, i) => {
    const airline = airlines[i % airlines.length] ?? airlines[0];
    const weekdays = pickWeekdays(rng, weight < 0.12 ? 0.4 : 0.03);
    const [outNumber, backNumber] = ctx.codes.pair(airline, rng);
    const options = flightOptions(rng, airline, km);
    const backMinute = returnTimes[i] ?? returnTimes.at(-1) ?? outMinute;
    addFlight(ctx, airline, a, b, km, minutes, `${airline.codePrefix} ${outNumber}`, outMinute, weekdays, options);
    addFlight(ctx, airline, b, a, km, minutes, `${airline.codePrefix} ${backNumber}`, backMinute, weekdays, options);
  });
}

/** One airline, or two on busy and on international pairs (one from each country where possible). */
function pickAirlines(
  ctx: BuildContext,
  rng: Random,
  ends: readonly LatLon[],
  countries: string[],
  flights: number,
  weight: number,
): [OperatorNode, ...OperatorNode[]] | undefined {
  const first = ctx.operators.pick(rng, 'avia', countries, { touching: ends });
  if (!first) return undefined;
  const international = countries[0] !== countries[1];
  if (flights < 2 || (!international && weight < 0.2)) return [first];
  const second = ctx.operators.pick(rng, 'avia', international ? [...countries].reverse() : countries, {
    exclude: [first],
    touching: ends,
  });
  return second ? [first, second] : [first];
}

/** Thai-level baht: Bangkok–Chiang Mai (~585 km) economy ≈ 1,500–2,500 depending on the airline. */
function flightOptions(rng: Random, airline: OperatorNode, km: number): OptionSpec[] {
  const country = airline.row.countryCode;
  const currency = airline.row.currency;
  const economyThb = (900 + 1.6 * km) * rng.float(0.85, 1.3);
  const refund = pickRefundHours(rng);
  const cutoff = rng.pick([60, 90, 120]);
  const options: OptionSpec[] = [
    {
      className: 'Economy',
      priceMinor: fareMinor(economyThb, country, currency),
      seats: rng.int(25, 30) * 6,
      features: km > 1_200 ? ['luggage', 'meal'] : ['luggage', 'snack'],
      fullRefundHours: refund,
      bookingCutoffMin: cutoff,
      layout: 'plane-3x3',
    },
  ];
  if (airline.spec.size === 'major' && km >= 500 && rng.chance(0.6)) {
    options.push({
      className: 'Business',
      priceMinor: fareMinor(economyThb * 2.8, country, currency),
      seats: rng.pick([8, 12, 16]),
      features: ['luggage', 'meal', 'power_outlet', 'entertainment', 'reclining_seats'],
      fullRefundHours: 72,
      bookingCutoffMin: cutoff,
      layout: 'plane-business-2x2',
    });
  }
  return options;
}

function addFlight(
  ctx: BuildContext,
  airline: OperatorNode,
  from: StationNode,
  to: StationNode,
  km: number,
  minutes: number,
  code: string,
  minute: number,
  weekdays: number,
  options: OptionSpec[],
): void {
  ctx.sink.add({
    operator: airline.row,
    vehicleClass: 'avia',
    code,
    distanceKm: km,
    stops: [
      { stationId: from.row.id, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { stationId: to.row.id, arrivalOffsetMin: minutes, departureOffsetMin: minutes },
    ],
    departures: [{ minute, weekdays }],
    timesConfirmed: true,
    options,
    timeZone: from.place.row.timeZone,
    popularity: Math.round((from.place.row.popularity + to.place.row.popularity) / 2),
  });
}
