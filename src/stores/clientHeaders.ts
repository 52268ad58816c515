/**
 * The headers every API call of the web client carries (SPEC §7 "every request carries headers
 * marking the web client and active feature flags"; SPEC §4 platforms): `X-Client-Platform: web`
 * (the iOS and Android apps send `ios` / `android`) and `X-Feature-Flags` with this browser's
 * variants, as the `feature_flags` cookie holds them (src/server/flags/). The server logs both and
 * can answer per variant; it never trusts them for anything but that.
 */
import { CLIENT_HEADER, FLAG_COOKIE, FLAGS_HEADER } from '../domain/featureFlags.ts';
import { readCookie } from './readCookie.ts';

export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { [CLIENT_HEADER]: 'web', [FLAGS_HEADER]: readCookie(FLAG_COOKIE) ?? '', ...extra };
}
