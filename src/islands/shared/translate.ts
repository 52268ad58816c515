/**
 * Text lookup inside islands. Islands receive just their keys (islandMessages) as a prop: plain
 * and `[name]` messages as strings, ICU messages (plural, select) as the AST the server compiled,
 * which intl-messageformat formats without its parser (the client build swaps the parser module
 * for formatjs's `no-parser` entry: astro.config.mjs). Given the locale (code or URL segment),
 * values in a right-to-left sentence are isolated as `t()` on the server does
 * (src/i18n/translate.ts): bracket values, and ICU arguments shown as they are (not the number of
 * a plural or the key of a select).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { isArgumentElement, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { directionOf, isolate, needsIsolation } from '../../domain/bidi.ts';
import type { IslandMessages } from '../../i18n/islandMessages.ts';
import type { MessageValues, Translate } from '../../i18n/translate.ts';
import { replaceBrackets } from '../../i18n/placeholders.ts';

/** The same signature as the server's `t`, so shared code takes either. */
export type IslandT = Translate;

/** The names a message shows as they are (`{name}`), at any depth of its plurals and selects. */
function shownArguments(elements: readonly MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (isArgumentElement(element)) names.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) shownArguments(option.value, names);
    if ('children' in element) shownArguments(element.children, names);
  }
  return names;
}

function isolated(values: MessageValues | undefined, only?: ReadonlySet<string>): MessageValues | undefined {
  if (!values) return values;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value === 'string' && (!only || only.has(name)) && needsIsolation(value) ? isolate(value) : value;
  return out;
}

export function islandTranslator(messages: IslandMessages, locale = 'en'): IslandT {
  const rtl = directionOf(locale) === 'rtl';
  const formats = new Map<string, { format: IntlMessageFormat; shown: Set<string> }>();
  return (key, values) => {
    const message = messages[key];
    if (message === undefined) return key;
    if (typeof message === 'string') return replaceBrackets(message, rtl ? isolated(values) : values);
    let compiled = formats.get(key);
    if (!compiled) {
      compiled = { format: new IntlMessageFormat(message, locale), shown: shownArguments(message) };
      formats.set(key, compiled);
    }
    return String(compiled.format.format(rtl ? isolated(values, compiled.shown) : values));
  };
}
