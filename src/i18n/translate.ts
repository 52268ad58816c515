/**
 * Text lookup (SPEC §9): `[name]` placeholders are replaced from the values; when a message has
 * braces and no bracket placeholder it is an ICU message (plural, select) formatted with
 * intl-messageformat. A key missing in a locale falls back to English, then to the key itself
 * so a gap is visible rather than blank.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { directionOf, isolate, needsIsolation } from '../domain/bidi.ts';
import { hasBracketPlaceholder, replaceBrackets } from './placeholders.ts';
import type { MessageKey } from './messageKeys.ts';

export type Messages = Readonly<Record<string, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function formatMessage(localeCode: string, message: string, values?: MessageValues): string {
  if (hasBracketPlaceholder(message)) return replaceBrackets(message, values);
  if (message.includes('{')) {
    try {
      return String(new IntlMessageFormat(message, localeCode).format(values ?? {}));
    } catch {
      // A malformed ICU message must not take the page down; show it raw so it gets noticed.
      return message;
    }
  }
  return message;
}

/**
 * In a right-to-left language every `[name]` value that is not itself right-to-left text (a
 * Latin station name, a reference, a time, a price) is put in Unicode isolates (FSI…PDI), so
 * "من [from] إلى [to]" keeps "Mo Chit 2 (Chatuchak)" in its own order. ICU arguments are left
 * alone (a select's key must match as given).
 */
function isolatedValues(values: MessageValues | undefined): MessageValues | undefined {
  if (!values) return values;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value === 'string' && needsIsolation(value) ? isolate(value) : value;
  return out;
}

export function createTranslator(localeCode: string, messages: Messages, fallback: Messages = {}): Translate {
  const rtl = directionOf(localeCode) === 'rtl';
  return (key, values) => {
    const message = messages[key] ?? fallback[key];
    if (message === undefined) return key;
    return formatMessage(localeCode, message, rtl && hasBracketPlaceholder(message) ? isolatedValues(values) : values);
  };
}

/**
 * The subset of messages an island needs, so a hydrated component ships a few keys instead
 * of the whole table. Prefixes end at a dot boundary: `search.` picks `search.from`, not `searching`.
 */
export function pickMessages(messages: Messages, prefixes: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (prefixes.some((prefix) => key === prefix || key.startsWith(prefix.endsWith('.') ? prefix : `${prefix}.`))) {
      picked[key] = value;
    }
  }
  return picked;
}
