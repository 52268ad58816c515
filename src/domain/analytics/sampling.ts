/**
 * Monitoring sampling (issue 25 item 5, SPEC §9): session replay for 3 % of sessions, session
 * monitoring (client errors) for 10 %, every session on the chosen routes. The choice is made
 * from the session log id, so every page of a session decides the same way without storing it.
 */

export const REPLAY_RATE = 0.03;
export const SESSION_RATE = 0.1;
/** Routes (SPEC §2 names) where every session is monitored and replayed: the money path. */
export const ALWAYS_SAMPLED_ROUTES: readonly string[] = ['pay', 'payment-status'];

/** A session id's place in [0, 1): FNV-1a over its characters, stable across pages and browsers. */
export function sessionFraction(sessionId: string, salt: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${salt}:${sessionId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000;
}

export interface SamplingDecision {
  /** Client errors are reported. */
  monitor: boolean;
  /** The session is recorded for replay. */
  replay: boolean;
}

/**
 * `recordedRoutes`: a partner's own chosen routes (its "trackers", SPEC §3), sampled in full on
 * that partner's host on top of the money path.
 */
export function samplingFor(sessionId: string, routeName: string | undefined, recordedRoutes: readonly string[] = []): SamplingDecision {
  const always = routeName !== undefined && (ALWAYS_SAMPLED_ROUTES.includes(routeName) || recordedRoutes.includes(routeName));
  return {
    monitor: always || sessionFraction(sessionId, 'monitor') < SESSION_RATE,
    replay: always || sessionFraction(sessionId, 'replay') < REPLAY_RATE,
  };
}
