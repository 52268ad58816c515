/**
 * A copy of the committed migrations that stops just before the one whose tag ends in `suffix`:
 * a migration test applies it to an empty database, writes rows as they were stored then, and
 * applies the rest. The caller removes the folder.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate.ts';

export function migrationsBefore(suffix: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'roamly-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(suffix));
  if (at < 0) throw new Error(`no migration ending in ${suffix} in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
