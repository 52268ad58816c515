/**
 * Right-to-left reading (Arabic, Persian): a Latin or numeric run — a station name, a time, a
 * phone number, a price, a reference — that sits in right-to-left text must be isolated, or the
 * Unicode bidi algorithm reorders its pieces ("+66 81 234 5678" reads "5678 234 81 66+",
 * "US$" becomes "$US"). Markup isolates with <bdi> or dir="ltr"; plain text (mail text parts,
 * the PDF, aria text) with the isolate controls below. Arrows between two places point the
 * way the line is read: → in left-to-right text, ← in right-to-left text.
 */

/** FIRST STRONG ISOLATE: the run takes the direction of its first strong character. */
export const FSI = '\u2068';
/** LEFT-TO-RIGHT ISOLATE: the run reads left to right whatever surrounds it. */
export const LRI = '\u2066';
/** POP DIRECTIONAL ISOLATE: ends the isolate. */
export const PDI = '\u2069';

export type Direction = 'ltr' | 'rtl';

/** Languages written right to left (the primary subtag of a BCP 47 tag). */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

export function directionOf(localeCode: string): Direction {
  const language = localeCode.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** The arrow from one place to the next in text read in this direction. */
export function routeArrow(direction: Direction): '→' | '←' {
  return direction === 'rtl' ? '←' : '→';
}

/** Plain text isolated with its own first strong direction (a name in any script). */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** Plain text that always reads left to right (a phone number, a reference, a time). */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/**
 * A value put into a translated sentence as plain text: isolated where the sentence reads
 * right to left, unchanged where it reads left to right (no invisible characters needed there).
 */
export function isolateIn(direction: Direction, text: string): string {
  return direction === 'rtl' ? isolate(text) : text;
}

/** Like isolateIn, for a value that always reads left to right (reference, e-mail, phone). */
export function isolateLtrIn(direction: Direction, text: string): string {
  return direction === 'rtl' ? isolateLtr(text) : text;
}

/**
 * Whether a value needs isolating inside right-to-left text: anything beyond right-to-left
 * letters, spaces and punctuation (a Latin name, a phone number, a date and time, a symbol).
 * Pure Arabic or Persian text, and a single number ("4.2", "13:25", "1,234"), flow with their
 * sentence as they are: the bidi algorithm keeps one number whole.
 */
export function needsIsolation(text: string): boolean {
  if (/^\p{Nd}+([.,:\u066b\u066c]\p{Nd}+)*$/u.test(text)) return false;
  return /[^\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{White_Space}\p{P}\u200e\u200f\u2066-\u2069]/u.test(text);
}

/** Text without isolate controls: for comparisons and for outputs that cannot show them. */
export function stripIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}

/**
 * A translated text whose `[name]` placeholders a script fills in later with numbers: the
 * translator isolated the placeholders as Latin words, but numbers are never isolated, so the
 * isolates around them go.
 */
export function numberTemplate(text: string): string {
  return text.replace(/[\u2066-\u2068](\[[a-zA-Z]+\])\u2069/g, '$1');
}
