/**
 * The message keys the code names, read from its source text: a quoted key given to `t`, the
 * fixed start of a template key given to `t`, and the prefix given to `dataKey`. The type check already refuses an unknown literal key in .ts and .tsx;
 * this also covers .astro templates and the prefixes of keys built from data, which no type can.
 */
export interface KeyUse {
  /** A whole key, or the fixed start of a key built at run time. */
  key: string;
  prefixOnly: boolean;
}

const WHOLE_KEY = /\bt\(\s*(['"])([A-Za-z][\w.-]*)\1/g;
const TEMPLATE_PREFIX = /\bt\(\s*`([A-Za-z][\w.-]*)\$\{/g;
const DATA_KEY_PREFIX = /\bdataKey\(\s*(['"])([A-Za-z][\w.-]*)\1/g;

export function keysUsedIn(source: string): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const m of source.matchAll(WHOLE_KEY)) uses.push({ key: m[2] ?? '', prefixOnly: false });
  for (const m of source.matchAll(TEMPLATE_PREFIX)) uses.push({ key: m[1] ?? '', prefixOnly: true });
  for (const m of source.matchAll(DATA_KEY_PREFIX)) uses.push({ key: m[2] ?? '', prefixOnly: true });
  return uses;
}

/** The uses no key of `messages` answers: a whole key missing, or a prefix no key starts with. */
export function missingKeys(uses: readonly KeyUse[], messages: Readonly<Record<string, string>>): string[] {
  const keys = Object.keys(messages);
  return uses
    .filter((use) => (use.prefixOnly ? !keys.some((k) => k.startsWith(use.key)) : !Object.hasOwn(messages, use.key)))
    .map((use) => (use.prefixOnly ? `${use.key}…` : use.key));
}
