/** The signed-in traveller behind a request, read from the session cookie (never the display cookies). */
import { getAccountsDeps } from '../accounts/deps.ts';
import { sessionTokenFrom } from '../accounts/cookies.ts';
import { findSession, type ActiveSession } from '../accounts/sessions.ts';

export async function requestSession(request: Request): Promise<ActiveSession | null> {
  // No cookie, no session: visitors (and the upload's cookie-less calls) cost no database read.
  if (!request.headers.get('cookie')) return null;
  const deps = await getAccountsDeps();
  return findSession(deps, sessionTokenFrom(request, deps));
}
