/**
 * The signed-in traveller behind a request outside the accounts API: checkout links a new
 * booking to them. Full sessions only — a temporary (ticket-link) session proves access to one
 * booking, not ownership of the account, so a booking made under it stays a guest booking.
 */
import { parseServerEnv } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessionTokenFrom } from './cookies.ts';
import { findSession } from './sessions.ts';

export async function signedInUserId(request: Request, db: Db, now: Date): Promise<number | null> {
  const secureCookies = parseServerEnv().SITE_URL.startsWith('https:');
  const session = await findSession({ db, now: () => now }, sessionTokenFrom(request, { secureCookies }));
  return session && !session.isTemp ? session.user.id : null;
}
