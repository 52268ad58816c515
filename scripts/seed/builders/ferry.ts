/**
 * Boats on every ferry link in the data, in both directions, by daylight (06:00–17:00).
 * Slow ferries carry hundreds on an open deck; speedboats a few dozen at several times the fare.
 */
import type { FerryLinkNode } from '../geography.ts';
import { haversineKm } from '../geo.ts';
import { fareMinor } from '../money.ts';
import type { OperatorNode } from '../operators.ts';
import type { Random } from '../random.ts';
import type { Feature, OptionSpec } from '../sink.ts';
import {
  type BuildContext,
  meanPopularity,
  pairWeight,
  pickRefundHours,
  pickWeekdays,
  spreadDepartures,
  timesConfirmedFor,
} from './common.ts';

/** Boats sail around headlands; a crossing is a little longer than the straight line. */
const SEA_DETOUR_FACTOR = 1.1;

/** Thai-level baht by minutes on board: Donsak–Samui (90 min) ferry ≈ 200, Chumphon–Koh Tao (110 min) speedboat ≈ 700. */
function ferryFareThb(minutes: number): number {
  return 60 + 1.5 * Math.min(minutes, 180) + 0.6 * Math.max(0, minutes - 180);
}

function speedboatFareThb(minutes: number): number {
  return 130 + 5.2 * Math.min(minutes, 150) + 1.2 * Math.max(0, minutes - 150);
}

export function buildFerryRoutes(ctx: BuildContext, rng: Random): void {
  for (const link of ctx.geo.ferryLinks) {
    const a = link.from.place;
    const b = link.to.place;
    const operatorCount = pairWeight(a, b) > 0.3 ? 2 : 1;
    const chosen: OperatorNode[] = [];
    for (let i = 0; i < operatorCount; i++) {
      const operator = ctx.operators.pick(rng, 'ferry', [a.row.countryCode, b.row.countryCode], {
        exclude: chosen,
        touching: [link.from.row, link.to.row],
        anyAreaAsLastResort: i === 0,
      });
      if (!operator) {
        if (i === 0)
          ctx.warnings.push(`ferry link ${link.from.row.slug} → ${link.to.row.slug}: no ferry operator for ${a.row.countryCode}; skipped`);
        break;
      }
      chosen.push(operator);
      addCrossing(ctx, rng, operator, link);
    }
  }
}

function addCrossing(ctx: BuildContext, rng: Random, operator: OperatorNode, link: FerryLinkNode): void {
  const country = operator.row.countryCode;
  const currency = operator.row.currency;
  const refund = pickRefundHours(rng);
  const cutoff = rng.pick([30, 45, 60]);
  const weekdays = pickWeekdays(rng, 0.05);
  const distanceKm = haversineKm(link.from.row, link.to.row) * SEA_DETOUR_FACTOR;
  const options: OptionSpec[] = [];
  if (link.kind === 'ferry') {
    const fare = ferryFareThb(link.minutes);
    options.push({
      className: 'Economy deck',
      priceMinor: fareMinor(fare, country, currency),
      seats: rng.int(15, 30) * 10,
      features: ['toilet', 'luggage', 'snack'],
      fullRefundHours: refund,
      bookingCutoffMin: cutoff,
    });
    if (rng.chance(0.4)) {
      options.push({
        className: 'VIP lounge',
        priceMinor: fareMinor(1.8 * fare, country, currency),
        seats: rng.int(3, 5) * 10,
        features: ['ac', 'toilet', 'luggage', 'snack', 'reclining_seats'],
        fullRefundHours: refund,
        bookingCutoffMin: cutoff,
        layout: 'boat-lounge-3x3',
      });
    }
  } else {
    const features: Feature[] = operator.spec.size === 'small' || rng.chance(0.4) ? ['luggage', 'pickup'] : ['luggage'];
    options.push({
      className: 'Speedboat',
      priceMinor: fareMinor(speedboatFareThb(link.minutes), country, currency),
      seats: rng.int(6, 12) * 5,
      features,
      fullRefundHours: refund,
      bookingCutoffMin: cutoff,
      layout: 'boat-lounge-3x3',
    });
  }

  const numbers = ctx.codes.pair(operator, rng);
  const busy = pairWeight(link.from.place, link.to.place);
  const count = link.minutes > 300 ? rng.int(1, 2) : Math.min(8, 2 + Math.round(busy * 8) + rng.int(0, 1));
  const outbound = spreadDepartures(rng, count, 6 * 60, 17 * 60, 30);

  [
    [link.from, link.to],
    [link.to, link.from],
  ].forEach(([origin, destination], direction) => {
    if (!origin || !destination) return;
    // The boat turns round at the far pier: return sailings sit after the outbound ones.
    const departures = direction === 0 ? outbound : returnSailings(outbound, link.minutes);
    ctx.sink.add({
      operator: operator.row,
      vehicleClass: 'ferry',
      code: `${operator.codePrefix} ${numbers[direction]}`,
      distanceKm,
      stops: [
        { stationId: origin.row.id, arrivalOffsetMin: 0, departureOffsetMin: 0 },
        { stationId: destination.row.id, arrivalOffsetMin: link.minutes, departureOffsetMin: link.minutes },
      ],
      departures: departures.map((minute) => ({ minute, weekdays })),
      timesConfirmed: timesConfirmedFor(operator, 'ferry'),
      options,
      timeZone: origin.place.row.timeZone,
      popularity: meanPopularity(link.from.place, link.to.place),
    });
  });
}

/**
 * Each boat leaves the far pier half an hour after arriving. A return that would fall after
 * 17:00 wraps to the next morning's first sailings, as a second boat overnighting there would.
 */
function returnSailings(outbound: readonly number[], minutes: number): number[] {
  const earliest = 6 * 60;
  const latest = 17 * 60;
  const times = outbound.map((m) => {
    const back = Math.ceil((m + minutes + 30) / 30) * 30;
    return back <= latest ? back : earliest + Math.floor(((back - earliest) % (latest - earliest)) / 30) * 30;
  });
  return [...new Set(times)].sort((x, y) => x - y);
}
