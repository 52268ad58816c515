/**
 * Which built files Pagefind reads. It parses every HTML file it is given, even pages without
 * `data-pagefind-body` that it then leaves out of the index, so the ~130,000 trip pages would
 * cost minutes of parsing for nothing. The glob names the page sections to read instead: every
 * top-level folder of every locale except the excluded ones. Pages directly in a locale folder
 * (the home page) are not read: none of them is searched.
 */

/** Sections whose pages never carry data-pagefind-body and are too many to parse for nothing. */
export const NOT_SEARCHED = ['trip-page'] as const;

/** `*` + `/{a,b}/**` + `/*.html` over the sections found under the locale folders, minus `exclude`. */
export function searchGlob(sections: Iterable<string>, exclude: readonly string[] = NOT_SEARCHED): string | undefined {
  const kept = [...new Set(sections)].filter((s) => !exclude.includes(s) && /^[\w.-]+$/.test(s)).sort();
  if (kept.length === 0) return undefined;
  return `*/{${kept.join(',')}}/**/*.html`;
}
