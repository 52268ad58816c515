/**
 * The privacy policy's list of cookies (SPEC §3, §9), generated from the cookie table the code
 * sets them with (src/domain/cookieTable.ts): name, purpose, lifetime and consent kind. It is
 * HTML appended to the policy's prose, so it takes the prose's table styles and adds no CSS to
 * the support pages' shell. Lifetimes are written by Intl in the page's language ("1 year",
 * "30 días"); names stay as the browser shows them, isolated so right-to-left text keeps them whole.
 */
import { COOKIE_NAMES, cookieEntry, lifetimeUnit } from '../../domain/cookieTable.ts';
import type { Translate } from '../../i18n/translate.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function cookieListHtml(t: Translate, localeCode: string): string {
  const rows = COOKIE_NAMES.map((name) => {
    const entry = cookieEntry(name);
    const { value, unit } = lifetimeUnit(entry.maxAgeS);
    const shownName = entry.hostPrefixed ? `${name} (__Host-${name})` : name;
    const cells = [
      t(`cookies.purpose.${entry.purpose}`),
      new Intl.NumberFormat(localeCode, { style: 'unit', unit, unitDisplay: 'long' }).format(value),
      t(`consent.${entry.category}`),
    ];
    return `<tr><th scope="row"><bdi><code>${escapeHtml(shownName)}</code></bdi></th>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  const head = (['cookies.name', 'cookies.purpose', 'cookies.lifetime', 'cookies.category'] as const).map(
    (k) => `<th scope="col">${escapeHtml(t(k))}</th>`,
  );
  return [
    // The policy text may be the English fallback; this part is always in the page's language.
    `<section lang="${escapeHtml(localeCode)}" aria-labelledby="cookie-list-title">`,
    `<h2 id="cookie-list-title">${escapeHtml(t('cookies.title'))}</h2>`,
    `<p>${escapeHtml(t('cookies.intro'))}</p>`,
    `<table><thead><tr>${head.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`,
    '</section>',
  ].join('');
}
