/**
 * The change context of a traveller's request: who they are (their account when signed in, a
 * guest otherwise) and the request id, so each audit row can be matched with its log line.
 */
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { signedInUserId } from '../accounts/traveller.ts';
import type { Db } from '../db/client.ts';

export interface TravellerContext extends ChangeContext {
  actor: { kind: 'traveller'; userId: number | null };
}

export async function travellerContext(
  ctx: { request: Request; locals: { requestId?: string } },
  db: Db,
  nowMs: number,
): Promise<TravellerContext> {
  return {
    actor: { kind: 'traveller', userId: await signedInUserId(ctx.request, db, new Date(nowMs)) },
    requestId: ctx.locals.requestId ?? null,
  };
}
