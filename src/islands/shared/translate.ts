/**
 * Text lookup inside islands: only `[name]` placeholders, so the ICU formatter stays out of the
 * client bundle. Islands receive just their keys (pickMessages) as a prop.
 */
import { replaceBrackets } from '../../i18n/placeholders.ts';

export type IslandT = (key: string, values?: Readonly<Record<string, string | number>>) => string;

export function islandTranslator(messages: Readonly<Record<string, string>>): IslandT {
  return (key, values) => replaceBrackets(messages[key] ?? key, values);
}
