/**
 * The message keys, typed from the English table: a misspelt key given to `t` fails the type check, and
 * a key built at run time must be a template over a typed union (`vehclass.${VehicleClassId}`)
 * whose every member exists. English is the reference; translations.test.ts keeps every other
 * locale on exactly these keys.
 */
import type english from './translations/en.json';

export type MessageKey = keyof typeof english;

/** What follows `Prefix` in the keys that start with it: `KeySuffix<'vehclass.'>` is 'bus' | 'train' | … */
export type KeySuffix<Prefix extends string, Key = MessageKey> = Key extends `${Prefix}${infer Rest}` ? Rest : never;

/** Whether a string built at run time (a code from data) is a message key: for codes that are open-ended by nature. */
export function isMessageKey(messages: Readonly<Record<string, string>>, key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/**
 * The key for a code that comes from data (a filter option id, a status in an answer, a slug):
 * the type checker cannot prove `code` is one of the suffixes, so this says so in one place.
 * The prefix must be a real one (a typo fails the type check), and a missing key shows as the
 * key itself rather than a blank (createTranslator), which the browser tests would catch.
 */
export function dataKey<Prefix extends string>(prefix: KeySuffix<Prefix> extends never ? never : Prefix, code: string): MessageKey {
  return `${prefix}${code}` as MessageKey;
}
