/**
 * SPEC §1: bots get no analytics, chat, gallery, map area or clickable markdown actions.
 * One predicate, used by the server for on-demand pages and by the client for static ones.
 */
import { isbot } from 'isbot';

export const BOT_EXCLUDED_FEATURES = ['analytics', 'chat', 'gallery', 'map', 'markdownActions'] as const;
export type BotExcludedFeature = (typeof BOT_EXCLUDED_FEATURES)[number];

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}

export function featureAllowed(feature: BotExcludedFeature, userAgent: string | null | undefined): boolean {
  return BOT_EXCLUDED_FEATURES.includes(feature) ? !isBotUserAgent(userAgent) : true;
}
