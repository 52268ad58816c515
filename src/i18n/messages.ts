/**
 * Loads the translation tables. Vite bundles every JSON file under translations/ (eagerly,
 * they are small) keyed by locale code, so the server and build never touch the filesystem.
 */
import { LOCALES, type LocaleCode } from './locales.ts';
import type { Messages } from './translate.ts';

const files = import.meta.glob<Messages>('./translations/*.json', { eager: true, import: 'default' });

const tables = new Map<string, Messages>();
for (const [path, messages] of Object.entries(files)) {
  const code = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  tables.set(code, messages);
}

export function messagesFor(code: LocaleCode): Messages {
  return tables.get(code) ?? {};
}

export const ENGLISH: Messages = messagesFor('en');

export function loadedLocaleCodes(): string[] {
  return LOCALES.map((l) => l.code).filter((code) => tables.has(code));
}
