/**
 * SPEC §7 support/change-passengers-details (POST, JSON): the traveller's passenger corrections
 * (passengerChanges.ts). The booking is named by one proof of access — the signed ticket link
 * (`b`, `t`, as the mailed link carries them) or its public id (`booking`) for the browser that
 * booked or the signed-in owner (src/server/booking/access.ts). The reference alone opens nothing.
 * Always 200, the one status the operation declares (server/api/openapi.ts): `status` in the body
 * says what happened — `{ status: "reissued" }` before the cut-off, `{ status: "requested",
 * requestId }` after it (recorded for Support).
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { rowIdSchema } from '../../domain/ids.ts';
import { FIELD_ERROR } from '../../domain/checkout/validation.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, readJson } from '../api/http.ts';
import { ownedBookingByPublicId } from '../booking/access.ts';
import { travellerContext } from '../booking/requestContext.ts';
import type { Db } from '../db/client.ts';
import { eventDispatcher } from '../events/instance.ts';
import { verifyTicketToken } from '../tickets/links.ts';
import { changePassengersAsTraveller, passengerCorrection } from './passengerChanges.ts';

type Ctx = Pick<APIContext, 'url' | 'request' | 'locals'>;

export function changePassengersBodySchema(today: string) {
  return z
    .object({
      /** The booking's public id: for the browser that booked it or its signed-in owner. */
      booking: z.uuid().optional(),
      /** The ticket link's booking id and token (temporary authentication). */
      b: rowIdSchema.optional(),
      t: z.string().min(10).max(100).optional(),
      /** One entry per passenger, in the booking's order; a field left out keeps its value. */
      passengers: z.array(passengerCorrection(today)).min(1).max(20),
    })
    .refine((v) => (v.booking !== undefined) !== (v.b !== undefined && v.t !== undefined), {
      message: FIELD_ERROR.required,
      path: ['booking'],
    });
}

/** The body as the API reference shows it (the expiry rule compares with the day of the request). */
export const changePassengersBody = changePassengersBodySchema('1970-01-01');

/** Today in UTC, the day a document's expiry is compared with. */
const utcDay = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);

export function createSelfServiceApi(options: { db?: Db; now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  /** The booking the request proves access to, or the refusal a stranger gets. */
  async function bookingFor(
    db: Db,
    ctx: Ctx,
    body: { booking?: string | undefined; b?: number | undefined; t?: string | undefined },
    nowMs: number,
  ): Promise<number> {
    if (body.b !== undefined && body.t !== undefined) {
      if (!verifyTicketToken(body.b, body.t, nowMs)) throw new ApiError('invalid_ticket_link');
      return body.b;
    }
    const booking = body.booking ? await ownedBookingByPublicId(db, ctx.request, body.booking, new Date(nowMs)) : undefined;
    if (!booking) throw new ApiError('booking_not_found');
    return booking.id;
  }

  return endpoints({
    async changePassengers(ctx: Ctx): Promise<Response> {
      const nowMs = now();
      const body = parseInput(changePassengersBodySchema(utcDay(nowMs)), await readJson(ctx.request), 'invalid_passenger_change');
      const db = await database();
      const bookingId = await bookingFor(db, ctx, body, nowMs);
      const outcome = await changePassengersAsTraveller(db, {
        bookingId,
        corrections: body.passengers,
        now: new Date(nowMs),
        ctx: await travellerContext(ctx, db, nowMs),
      });
      // The re-issued ticket is mailed now; the events job retries what fails.
      if (outcome.status === 'reissued') await eventDispatcher.deliverSoon(db, bookingId);
      return json(outcome, 200, NO_STORE);
    },
  });
}

export const selfServiceApi = createSelfServiceApi();
