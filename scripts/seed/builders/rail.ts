/**
 * Trains on every real line in the data, both directions. Each train is its own route with its
 * own number, as on a real timetable: day trains carry seats, overnight trains sleepers.
 * Stop offsets are the data's running times.
 */
import type { RailLineNode } from '../geography.ts';
import { haversineKm } from '../geo.ts';
import { fareMinor } from '../money.ts';
import type { OperatorNode } from '../operators.ts';
import type { Random } from '../random.ts';
import type { Feature, OptionSpec, StopSpec } from '../sink.ts';
import { DAILY } from '../time.ts';
import { type BuildContext, consecutive, pickRefundHours, spreadDepartures } from './common.ts';

/** Track is straighter than road but still longer than the crow flies. */
const RAIL_DETOUR_FACTOR = 1.18;

type RailTier = 'sleeperFirst' | 'sleeperSecond' | 'seatUpper' | 'seatBasic';

/** Thai-level baht: Bangkok–Chiang Mai (751 km) 1st sleeper ≈ 1,700, 2nd sleeper ≈ 950. */
const RAIL_FARES: Readonly<Record<RailTier, { baseThb: number; perKmThb: number; seats: number; features: Feature[] }>> = {
  sleeperFirst: {
    baseThb: 0,
    perKmThb: 2.26,
    seats: 40,
    features: ['ac', 'sleeper', 'blanket', 'toilet', 'luggage', 'power_outlet', 'meal'],
  },
  sleeperSecond: { baseThb: 0, perKmThb: 1.26, seats: 60, features: ['ac', 'sleeper', 'blanket', 'toilet', 'luggage'] },
  seatUpper: { baseThb: 20, perKmThb: 0.85, seats: 64, features: ['ac', 'toilet', 'luggage', 'reclining_seats', 'snack'] },
  seatBasic: { baseThb: 15, perKmThb: 0.16, seats: 70, features: ['toilet', 'luggage'] },
};

const THAI_RAIL_CLASS_NAMES: Record<RailTier, string> = {
  sleeperFirst: '1st class sleeper',
  sleeperSecond: '2nd class sleeper AC',
  seatUpper: '2nd class seat AC',
  seatBasic: '3rd class seat',
};

const RAIL_CLASS_NAMES: Readonly<Record<string, Record<RailTier, string>>> = {
  TH: THAI_RAIL_CLASS_NAMES,
  VN: { sleeperFirst: 'Soft sleeper 4-berth', sleeperSecond: 'Hard sleeper 6-berth', seatUpper: 'Soft seat AC', seatBasic: 'Hard seat' },
  MY: { sleeperFirst: 'First class sleeper', sleeperSecond: 'Standard sleeper', seatUpper: 'Business class', seatBasic: 'Economy class' },
  ID: { sleeperFirst: 'Luxury sleeper', sleeperSecond: 'Executive', seatUpper: 'Business', seatBasic: 'Economy' },
  LA: { sleeperFirst: 'Soft sleeper', sleeperSecond: 'Hard sleeper', seatUpper: '1st class seat', seatBasic: '2nd class seat' },
  KH: { sleeperFirst: 'Sleeper', sleeperSecond: 'Couchette', seatUpper: 'AC coach seat', seatBasic: 'Standard seat' },
  // High-speed lines: no sleepers (the lines are short), the operators' own class names.
  JP: { sleeperFirst: 'GranClass', sleeperSecond: 'Green Car', seatUpper: 'Green Car (reserved)', seatBasic: 'Ordinary car (reserved)' },
  KR: { sleeperFirst: 'First class', sleeperSecond: 'First class', seatUpper: 'First class', seatBasic: 'Standard class' },
  TW: { sleeperFirst: 'Business class', sleeperSecond: 'Business class', seatUpper: 'Business class', seatBasic: 'Standard car' },
};

/**
 * High-speed lines are priced by the operator, not by the Thai per-km scale: Thai-level baht per
 * km of track that give the real fares (Tokyo–Kyoto ¥13,320 Ordinary and ¥18,000 Green by
 * Hikari, Seoul–Busan ₩59,800 and ₩83,700 by KTX, Taipei–Zuoying NT$1,490 and NT$2,440 by THSR).
 */
const HIGH_SPEED_PER_KM_THB: Readonly<Record<string, { seatUpper: number; seatBasic: number }>> = {
  JP: { seatUpper: 9.9, seatBasic: 7.3 },
  KR: { seatUpper: 5.7, seatBasic: 4.1 },
  TW: { seatUpper: 7.9, seatBasic: 4.8 },
};

interface TrainService {
  /** "SP" special express, "EXP" express, "RAP" rapid, "ORD" ordinary. */
  kind: 'SP' | 'EXP' | 'RAP' | 'ORD';
  minute: number;
  tiers: RailTier[];
}

export function buildRailRoutes(ctx: BuildContext, rng: Random): void {
  for (const line of ctx.geo.railLines) {
    const firstPlace = line.stops[0]?.station.place;
    const lastPlace = line.stops.at(-1)?.station.place;
    if (!firstPlace || !lastPlace) continue;
    const operator = ctx.operators.pick(rng, 'train', [firstPlace.row.countryCode, lastPlace.row.countryCode], {
      anyAreaAsLastResort: true,
    });
    if (!operator) {
      ctx.warnings.push(`rail line ${line.slug}: no train operator for ${firstPlace.row.countryCode}; line skipped`);
      continue;
    }
    const totalMinutes = line.stops.at(-1)?.minutesFromStart ?? 0;
    const services = trainServices(rng, totalMinutes);
    for (const service of services) {
      const numbers = ctx.codes.pair(operator, rng);
      const refund = pickRefundHours(rng);
      addTrain(ctx, rng, operator, line, false, service, numbers[0], refund);
      // The return train leaves at a comparable time of day from the other end.
      addTrain(
        ctx,
        rng,
        operator,
        line,
        true,
        { ...service, minute: (service.minute + rng.int(-4, 4) * 15 + 1440) % 1440 },
        numbers[1],
        refund,
      );
    }
  }
}

/** Several short-distance trains a day; 2–5 on long lines, the longest mostly overnight. */
function trainServices(rng: Random, totalMinutes: number): TrainService[] {
  if (totalMinutes <= 90) {
    return spreadDepartures(rng, rng.int(4, 8), 5 * 60 + 30, 20 * 60, 5).map((minute) => ({ kind: 'ORD', minute, tiers: ['seatBasic'] }));
  }
  if (totalMinutes <= 360) {
    return spreadDepartures(rng, rng.int(3, 6), 5 * 60 + 30, 18 * 60, 5).map((minute, i) => ({
      kind: i % 2 === 0 ? 'RAP' : 'ORD',
      minute,
      tiers: i % 2 === 0 ? ['seatUpper', 'seatBasic'] : ['seatBasic'],
    }));
  }
  const overnightCount = totalMinutes >= 720 ? rng.int(2, 3) : totalMinutes >= 480 ? rng.int(1, 2) : 0;
  const dayCount = totalMinutes >= 720 ? rng.int(1, 2) : rng.int(2, 3);
  const day = spreadDepartures(rng, dayCount, 6 * 60, 11 * 60, 5).map((minute): TrainService => ({
    kind: 'EXP',
    minute,
    tiers: ['seatUpper', 'seatBasic'],
  }));
  const night = spreadDepartures(rng, overnightCount, 17 * 60, 20 * 60 + 30, 5).map((minute, i): TrainService => ({
    kind: i === 0 ? 'SP' : 'RAP',
    minute,
    tiers: i === 0 ? ['sleeperFirst', 'sleeperSecond'] : ['sleeperSecond', 'seatUpper', 'seatBasic'],
  }));
  return [...day, ...night];
}

function addTrain(
  ctx: BuildContext,
  rng: Random,
  operator: OperatorNode,
  line: RailLineNode,
  reverse: boolean,
  service: TrainService,
  number: number,
  refund: number | null,
): void {
  const total = line.stops.at(-1)?.minutesFromStart ?? 0;
  const ordered = reverse
    ? [...line.stops].reverse().map((s) => ({ station: s.station, minutesFromStart: total - s.minutesFromStart }))
    : line.stops;

  const firstStop = ordered[0];
  if (!firstStop) return;
  const stops: StopSpec[] = [{ stationId: firstStop.station.row.id, arrivalOffsetMin: 0, departureOffsetMin: 0 }];
  let distanceKm = 0;
  for (const [i, [previous, stop]] of consecutive(ordered).entries()) {
    distanceKm += haversineKm(previous.station.row, stop.station.row) * RAIL_DETOUR_FACTOR;
    const departure = stop.minutesFromStart;
    const isLast = i === ordered.length - 2;
    // The data's time is when the train leaves; it pulls in a few minutes earlier.
    const room = departure - previous.minutesFromStart - 1;
    const dwell = isLast ? 0 : Math.max(0, Math.min(rng.int(3, 10), room));
    stops.push({ stationId: stop.station.row.id, arrivalOffsetMin: departure - dwell, departureOffsetMin: departure });
  }

  const country = operator.row.countryCode;
  const names = RAIL_CLASS_NAMES[country] ?? THAI_RAIL_CLASS_NAMES;
  const options: OptionSpec[] = service.tiers.map((tier) => {
    const fare = RAIL_FARES[tier];
    const highSpeed = HIGH_SPEED_PER_KM_THB[country];
    const thb =
      highSpeed && (tier === 'seatUpper' || tier === 'seatBasic')
        ? highSpeed[tier] * distanceKm
        : fare.baseThb + fare.perKmThb * distanceKm;
    return {
      className: names[tier],
      priceMinor: fareMinor(thb, country, operator.row.currency),
      seats: fare.seats,
      features: fare.features,
      fullRefundHours: refund,
      bookingCutoffMin: 30,
      // Thai, Vietnamese and Malaysian railways sell numbered seats and berths.
      layout: tier.startsWith('sleeper') ? 'train-sleeper' : 'train-coach-2x2',
    };
  });

  const first = ordered[0]?.station.place;
  const last = ordered.at(-1)?.station.place;
  ctx.sink.add({
    operator: operator.row,
    vehicleClass: 'train',
    code: `${service.kind} ${number}`,
    distanceKm,
    stops,
    departures: [{ minute: service.minute, weekdays: DAILY }],
    timesConfirmed: true,
    options,
    timeZone: first?.row.timeZone ?? 'UTC',
    popularity: Math.round(((first?.row.popularity ?? 0) + (last?.row.popularity ?? 0)) / 2),
  });
}
