/**
 * The account entries of the header, footer and mobile menu (SPEC §6). Pure: the server renders
 * the visitor's entries into static pages and the client recomputes them from the user cookies.
 */
import { resolveCurrency } from './currencyCodes.ts';
import { ceilToMajor, formatMoney } from './moneyFormat.ts';
import type { MessageKey } from '../i18n/messageKeys.ts';

export type Role = 'user' | 'reseller' | 'admin' | 'manager' | 'support';
export const STAFF_ROLES: readonly Role[] = ['admin', 'manager', 'support'];

export interface MenuUser {
  role: Role;
  isStaff: boolean;
  /** An administrator (`is_admin`) reaches the operators' area whatever their role. */
  isAdmin?: boolean;
  /** Balance in minor units of its own currency. */
  /** Integer minor units, as the balance cookie carries them. */
  balance?: { minor: number; fxcode: string } | undefined;
}

export interface MenuEntry {
  id: 'login' | 'operators' | 'balance' | 'tickets' | 'profile' | 'logout';
  href: string;
  /** translation key */
  labelKey: MessageKey;
  /** values for the label's placeholders */
  values?: Record<string, string>;
}

export interface MenuOptions {
  lang: string;
  localeCode: string;
  currentPath: string;
  /** The footer shows the operators link only to admin, manager and support. */
  placement: 'header' | 'footer';
}

export function accountMenu(user: MenuUser | null, options: MenuOptions): MenuEntry[] {
  const { lang } = options;
  if (!user) {
    return [{ id: 'login', href: `/${lang}/login?ref=${encodeURIComponent(options.currentPath)}`, labelKey: 'header.login' }];
  }
  const entries: MenuEntry[] = [];
  const staffRole = STAFF_ROLES.includes(user.role) || user.isAdmin === true;
  const showOperators = options.placement === 'footer' ? staffRole : user.isStaff || staffRole;
  if (showOperators) entries.push({ id: 'operators', href: `/${lang}/op`, labelKey: 'header.operatorsArea' });
  const balance = user.balance;
  if (balance && (user.role === 'reseller' || balance.minor > 0)) {
    const code = resolveCurrency(balance.fxcode);
    const amount = formatMoney(ceilToMajor(balance.minor, code), code, options.localeCode);
    entries.push({ id: 'balance', href: `/${lang}/profile/transaction`, labelKey: 'header.balance', values: { amount } });
  }
  entries.push(
    { id: 'tickets', href: `/${lang}/profile`, labelKey: 'header.myTickets' },
    { id: 'profile', href: `/${lang}/profile#settings`, labelKey: 'header.profileSettings' },
    { id: 'logout', href: `/${lang}/profile/logout`, labelKey: 'header.logout' },
  );
  return entries;
}
