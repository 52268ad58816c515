/**
 * An operator's logo until the operator uploads its own: its initials on a badge in a colour
 * picked from its slug, so each operator keeps the same look everywhere (agent header, apps,
 * structured data) and the `/logos/{slug}.svg` address every operator row carries answers.
 */

/** Badge colours with white text at a contrast of at least 4.5:1. */
const BADGE_COLOURS = ['#1f6f3f', '#1d4f91', '#8a2a2b', '#6b3fa0', '#7a4b00', '#0f6470', '#8c2f6b', '#3d4f5c'] as const;

/** Up to two initials: the first letters of the first two words ("Andaman Air Link" → "AA"). */
export function operatorInitials(name: string): string {
  const words = name
    .split(/[\s\-–—&.,/]+/u)
    .map((w) => w.trim())
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase('en') || '?';
}

function colourFor(slug: string): string {
  let hash = 0;
  for (const ch of slug) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return BADGE_COLOURS[hash % BADGE_COLOURS.length] ?? BADGE_COLOURS[0];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

export function operatorLogoSvg(operator: { name: string; slug: string }): string {
  const initials = escapeXml(operatorInitials(operator.name));
  const name = escapeXml(operator.name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${name}">` +
    `<rect width="64" height="64" rx="12" fill="${colourFor(operator.slug)}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Noto Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff">${initials}</text>` +
    `</svg>`
  );
}
