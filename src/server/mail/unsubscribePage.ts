/**
 * The view model of /{lang}/email/unsubscribe (src/pages/[lang]/email/unsubscribe.astro): without
 * email and hash the page sends the visitor home; a signed link records the opt-out through the
 * same `optOutByLink` as the API's GET, a link whose hash does not match changes nothing (403).
 */
import { getDbHandle } from '../db/index.ts';
import { optOutByLink, unsubscribeQuery, type PreferenceMailType } from './preferences.ts';

export type UnsubscribeView = 'home' | { status: 200; type: PreferenceMailType; email: string } | { status: 403 };

export async function unsubscribePage(params: URLSearchParams, now = new Date()): Promise<UnsubscribeView> {
  if (!params.get('email') || !params.get('hash')) return 'home';
  const link = unsubscribeQuery.safeParse(Object.fromEntries(params));
  if (!link.success || !(await optOutByLink((await getDbHandle()).db, link.data, 'link', now))) return { status: 403 };
  return { status: 200, type: link.data.type, email: link.data.email };
}
