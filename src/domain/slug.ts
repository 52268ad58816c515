/** A URL slug from a name: accents dropped, lower case, runs of anything else as one hyphen ("Nakhon Ratchasima" → "nakhon-ratchasima"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
