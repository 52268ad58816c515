import { describe, expect, it } from 'vitest';
import { accountMenu, type MenuOptions } from './accountMenu.ts';

const header: MenuOptions = { lang: 'en', localeCode: 'en', currentPath: '/en/faq', placement: 'header' };
const ids = (...args: Parameters<typeof accountMenu>) => accountMenu(...args).map((e) => e.id);

describe('account menu (SPEC §6)', () => {
  it('gives visitors a login link carrying the current path as ref', () => {
    expect(accountMenu(null, header)).toEqual([{ id: 'login', href: '/en/login?ref=%2Fen%2Ffaq', labelKey: 'header.login' }]);
  });

  it('gives every signed-in user tickets, profile settings and logout', () => {
    expect(ids({ role: 'user', isStaff: false }, header)).toEqual(['tickets', 'profile', 'logout']);
  });

  it('shows staff the operators link; in the footer only admin, manager and support', () => {
    expect(ids({ role: 'support', isStaff: true }, header)).toContain('operators');
    expect(ids({ role: 'user', isStaff: true }, header)).toContain('operators');
    expect(ids({ role: 'user', isStaff: true }, { ...header, placement: 'footer' })).not.toContain('operators');
    expect(ids({ role: 'manager', isStaff: true }, { ...header, placement: 'footer' })).toContain('operators');
  });

  it('shows the balance to resellers and to users with a positive balance, rounded up', () => {
    const reseller = accountMenu({ role: 'reseller', isStaff: false, balance: { minor: 0, fxcode: 'USD' } }, header);
    expect(reseller.map((e) => e.id)).toContain('balance');
    const user = accountMenu({ role: 'user', isStaff: false, balance: { minor: 1050, fxcode: 'USD' } }, header);
    expect(user.find((e) => e.id === 'balance')?.values).toEqual({ amount: '$11.00' });
    expect(ids({ role: 'user', isStaff: false, balance: { minor: 0, fxcode: 'USD' } }, header)).not.toContain('balance');
  });
});
