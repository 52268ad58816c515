/**
 * Adds (or updates) UI strings in every locale at once:
 *
 *   node scripts/i18n/add-keys.ts new-keys.json
 *
 * where new-keys.json maps each key to its text in all 24 locale codes:
 *   { "checkout.title": { "en": "Checkout", "de": "Kasse", …, "zh-TW": "結帳" } }
 *
 * It refuses a key that lacks any locale, so the tables can never drift apart, and rewrites
 * each file in one quick step (several people may be adding keys at the same time).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOCALE_CODES } from '../../src/i18n/locales.ts';

const folder = fileURLToPath(new URL('../../src/i18n/translations/', import.meta.url));
const inputSchema = z.record(
  z.string().regex(/^[a-zA-Z0-9_]+(\.[a-zA-Z0-9_]+)+$/, 'keys are dot-separated words'),
  z.record(z.string(), z.string().trim().min(1)),
);

const file = process.argv[2];
if (!file) {
  console.error('Usage: node scripts/i18n/add-keys.ts <new-keys.json>');
  process.exit(2);
}
const input = inputSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const problems = Object.entries(input).flatMap(([key, texts]) => {
  const missing = LOCALE_CODES.filter((code) => !texts[code]);
  const unknown = Object.keys(texts).filter((code) => !(LOCALE_CODES as readonly string[]).includes(code));
  return [
    ...(missing.length ? [`${key}: missing ${missing.join(', ')}`] : []),
    ...(unknown.length ? [`${key}: unknown locale ${unknown.join(', ')}`] : []),
  ];
});
if (problems.length) {
  console.error(`Nothing written:\n${problems.join('\n')}`);
  process.exit(1);
}
for (const code of LOCALE_CODES) {
  const path = `${folder}${code}.json`;
  const table = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [key, texts] of Object.entries(input)) table[key] = texts[code] ?? '';
  writeFileSync(path, `${JSON.stringify(table, null, 2)}\n`);
}
console.log(`Added ${Object.keys(input).length} key(s) to ${LOCALE_CODES.length} locales.`);
