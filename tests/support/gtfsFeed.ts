/** Test helper: a zipped GTFS feed with one of its files rewritten. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export function editFeed(zip: Uint8Array, file: string, edit: (csv: string) => string): Uint8Array {
  const files = unzipSync(zip);
  const bytes = files[file];
  if (!bytes) throw new Error(`no ${file}`);
  files[file] = strToU8(edit(strFromU8(bytes)));
  return zipSync(files);
}
