/**
 * Replaces the visitor's account links with the signed-in user's when the user cookies say so.
 * Cookie names follow SPEC §3 (user id, role, staff flag, balance).
 */
import { accountMenu, type MenuUser, type Role } from '../domain/accountMenu.ts';
import { replaceBrackets } from '../i18n/placeholders.ts';

const ROLES: readonly Role[] = ['user', 'reseller', 'admin', 'manager', 'support'];

function readCookies(): Map<string, string> {
  return new Map(
    document.cookie
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => {
        const i = c.indexOf('=');
        return [decodeURIComponent(c.slice(0, i)), decodeURIComponent(c.slice(i + 1))] as [string, string];
      }),
  );
}

export function userFromCookies(cookies: Map<string, string>): MenuUser | null {
  if (!cookies.get('user_id')) return null;
  const roleCookie = cookies.get('role') ?? 'user';
  const role = (ROLES as readonly string[]).includes(roleCookie) ? (roleCookie as Role) : 'user';
  const balanceValue = Number(cookies.get('balance'));
  const balance = Number.isFinite(balanceValue) ? { minor: balanceValue, fxcode: cookies.get('balance_fxcode') ?? 'USD' } : undefined;
  return { role, isStaff: cookies.get('is_staff') === '1', balance };
}

export function hydrateAccountLinks(root: Document): void {
  const user = userFromCookies(readCookies());
  if (!user) return;
  const labelled = root.querySelector<HTMLElement>('.account-links[data-labels]');
  const labels = JSON.parse(labelled?.dataset.labels ?? '{}') as Record<string, string>;
  for (const container of root.querySelectorAll<HTMLElement>('.account-links')) {
    const locale = container.dataset.locale ?? 'en';
    const entries = accountMenu(user, {
      lang: container.dataset.lang ?? 'en',
      localeCode: locale,
      currentPath: location.pathname,
      placement: container.dataset.placement === 'footer' ? 'footer' : 'header',
    });
    container.replaceChildren(
      ...entries.map((entry) => {
        const link = document.createElement('a');
        link.href = entry.href;
        link.dataset.entry = entry.id;
        link.textContent = replaceBrackets(labels[entry.labelKey] ?? entry.labelKey, entry.values);
        return link;
      }),
    );
  }
}
