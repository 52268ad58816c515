/**
 * Operators' class names ("1st class sleeper", "VIP 24 seats", "Private sedan (3 pax)") in the
 * traveller's language. The seed's operators use a known set of names: each maps to a
 * translation key (`tripClass.*`), and a seat, berth or passenger count is formatted with the
 * locale's plural rules. A name outside the set is the operator's own and is shown as written;
 * English shows every name as written.
 */
import type { KeySuffix, MessageKey } from '../../i18n/messageKeys.ts';
import type { Translate } from '../../i18n/translate.ts';
import { slugify } from '../slug.ts';

type ClassPhrase = KeySuffix<'tripClass.'>;

const PHRASES: Readonly<Record<string, ClassPhrase>> = {
  standard: 'standard',
  '1st class': 'first_class',
  vip: 'vip',
  executive: 'executive',
  'super executive': 'super_executive',
  seater: 'seater',
  sleeper: 'sleeper',
  'vip cabin': 'vip_cabin',
  express: 'express',
  'vip sleeper': 'vip_sleeper',
  economy: 'economy',
  'economy deck': 'economy_deck',
  business: 'business',
  limousine: 'limousine',
  minivan: 'minivan',
  shuttle: 'shuttle',
  'premium shuttle': 'premium_shuttle',
  'vip van': 'vip_van',
  '1st class seat': 'first_class_seat',
  '1st class sleeper': 'first_class_sleeper',
  'first class sleeper': 'first_class_sleeper',
  '2nd class seat': 'second_class_seat',
  '2nd class seat ac': 'second_class_seat_ac',
  '2nd class sleeper ac': 'second_class_sleeper_ac',
  '3rd class seat': 'third_class_seat',
  'ac coach seat': 'ac_coach_seat',
  'business class': 'business_class',
  'economy class': 'economy_class',
  'hard seat': 'hard_seat',
  'soft seat ac': 'soft_seat_ac',
  'soft sleeper': 'soft_sleeper',
  'soft sleeper 4-berth': 'soft_sleeper_4',
  'hard sleeper': 'hard_sleeper',
  'hard sleeper 6-berth': 'hard_sleeper_6',
  'standard seat': 'standard_seat',
  'standard sleeper': 'standard_sleeper',
  'luxury sleeper': 'luxury_sleeper',
  couchette: 'couchette',
  speedboat: 'speedboat',
  'vip lounge': 'vip_lounge',
  'private sedan': 'private_sedan',
  'private suv': 'private_suv',
};

/** "VIP 24 seats", "Sleeper 40 berths", "Private SUV (6 pax)" → phrase and count. */
const WITH_COUNT = /^(.+?)\s+(?:(\d+)\s+(seats|berths)|\((\d+)\s+pax\))$/i;

/** The translation key of a known class name, with its count, or null for an operator's own name. */
export function classNameParts(name: string): { key: MessageKey; count?: { key: MessageKey; value: number } } | null {
  const trimmed = name.trim();
  const phrase = PHRASES[trimmed.toLowerCase()];
  if (phrase) return { key: `tripClass.${phrase}` };
  const match = WITH_COUNT.exec(trimmed);
  const base = match?.[1] ? PHRASES[match[1].toLowerCase()] : undefined;
  if (!match || !base) return null;
  const value = Number(match[2] ?? match[4]);
  const unit = match[3]?.toLowerCase() === 'berths' ? 'berths' : match[3] ? 'seats' : 'pax';
  return { key: `tripClass.${base}`, count: { key: `tripClass.${unit}`, value } };
}

/** A class name in the locale of `t` (`code` is its BCP 47 code). */
export function localClassName(name: string, code: string, t: Translate): string {
  if (code === 'en') return name;
  // a connection's classes come joined: "2nd class seat AC + Speedboat"
  if (name.includes(' + '))
    return name
      .split(' + ')
      .map((part) => localClassName(part, code, t))
      .join(' + ');
  const parts = classNameParts(name);
  if (!parts) return name;
  const phrase = t(parts.key);
  return parts.count ? `${phrase} (${t(parts.count.key, { count: parts.count.value })})` : phrase;
}

/**
 * SPEC §3 travel option `class_id`: the class as an id, the same in every language while `class`
 * is translated ("VIP 24 seats" → `vip-24-seats`; a connection's classes joined by `+`).
 */
export function classId(operatorClassName: string): string {
  let id = classIds.get(operatorClassName);
  if (id === undefined) {
    id = operatorClassName.split(' + ').map(slugify).join('+');
    if (classIds.size >= 10_000) classIds.clear();
    classIds.set(operatorClassName, id);
  }
  return id;
}
/** Operators name few classes and every priced option asks for its id: each is worked out once. */
const classIds = new Map<string, string>();

/**
 * Trips with every class named in the traveller's locale: the search answer and the
 * server-rendered cards carry the names the card shows (the island has no class dictionary).
 * Only the display name changes; ids, prices and booking links stay as they are.
 */
export function withLocalClassNames<T extends { travel_options: { class: string }[] }>(
  trips: readonly T[],
  code: string,
  t: Translate,
): T[] {
  if (code === 'en') return [...trips];
  return trips.map((trip) => ({
    ...trip,
    travel_options: trip.travel_options.map((o) => ({ ...o, class: localClassName(o.class, code, t) })),
  }));
}
