/**
 * `[name]` placeholder replacement (SPEC §9), on its own so client scripts can use it without
 * pulling in the ICU formatter.
 */
const BRACKET_PLACEHOLDER = /\[(\w+)\]/g;

export function hasBracketPlaceholder(message: string): boolean {
  return /\[\w+\]/.test(message);
}

export function replaceBrackets(message: string, values?: Readonly<Record<string, string | number>>): string {
  return message.replace(BRACKET_PLACEHOLDER, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined ? whole : String(value);
  });
}
