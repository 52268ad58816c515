/**
 * Text lookup inside islands: only `[name]` placeholders, so the ICU formatter stays out of the
 * client bundle. Islands receive just their keys (pickMessages) as a prop. Given the locale (code
 * or URL segment), values in a right-to-left sentence are isolated as `t()` on the server does
 * (src/i18n/translate.ts).
 */
import { directionOf, isolate, needsIsolation } from '../../domain/bidi.ts';
import { replaceBrackets } from '../../i18n/placeholders.ts';

export type IslandT = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function islandTranslator(messages: Readonly<Record<string, string>>, locale = 'en'): IslandT {
  if (directionOf(locale) === 'ltr') return (key, values) => replaceBrackets(messages[key] ?? key, values);
  return (key, values) =>
    replaceBrackets(
      messages[key] ?? key,
      values &&
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'string' && needsIsolation(value) ? isolate(value) : value,
          ]),
        ),
    );
}
