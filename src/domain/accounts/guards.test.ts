import { describe, expect, it } from 'vitest';
import { authLevel, guardFor, guardRedirect, type SessionUser } from './guards.ts';

const user: SessionUser = { id: 1, role: 'user', isTemp: false };
const temp: SessionUser = { id: 1, role: 'user', isTemp: true };
const reseller: SessionUser = { id: 2, role: 'reseller', isTemp: false };

describe('authLevel', () => {
  it('is 0 for visitors, 1 for a temporary user and 2 for a signed-in user', () => {
    expect(authLevel(null)).toBe(0);
    expect(authLevel(temp)).toBe(1);
    expect(authLevel(user)).toBe(2);
  });
});

describe('guardFor', () => {
  it('classifies the guarded routes of every language', () => {
    expect(guardFor('/en/profile')).toBe('auth-restricted');
    expect(guardFor('/ar/profile/transaction')).toBe('auth-restricted');
    expect(guardFor('/de/support/help/booking-list')).toBe('auth-restricted');
    expect(guardFor('/en/ticket')).toBe('temp-auth-restricted');
    expect(guardFor('/en/login/2fa')).toBe('not-auth-restricted');
    expect(guardFor('/en/login')).toBe('reseller-user-check-restricted');
    expect(guardFor('/en/op')).toBe('staff-restricted');
    expect(guardFor('/ar/op/booking')).toBe('staff-restricted');
    expect(guardFor('/en/operator')).toBeNull();
    expect(guardFor('/en/profiles')).toBeNull();
    expect(guardFor('/en')).toBeNull();
  });
});

describe('guardRedirect', () => {
  it('sends a visitor from the profile to login with the path and query as ref', () => {
    expect(guardRedirect('en', '/en/profile', '/en/profile?tab=1', null)).toBe('/en/login?ref=%2Fen%2Fprofile%3Ftab%3D1');
    expect(guardRedirect('en', '/en/profile', '/en/profile', temp)).toBe('/en/login?ref=%2Fen%2Fprofile');
    expect(guardRedirect('en', '/en/profile', '/en/profile', user)).toBeNull();
  });

  it('sends a visitor or a ticket-link session from the operators area to login; the page checks the role', () => {
    expect(guardRedirect('en', '/en/op/bookings', '/en/op/bookings?q=AB', null)).toBe('/en/login?ref=%2Fen%2Fop%2Fbookings%3Fq%3DAB');
    expect(guardRedirect('en', '/en/op', '/en/op', temp)).toBe('/en/login?ref=%2Fen%2Fop');
    expect(guardRedirect('en', '/en/op', '/en/op', user)).toBeNull();
  });

  it('lets a temporary user see the ticket page but not a visitor', () => {
    expect(guardRedirect('en', '/en/ticket', '/en/ticket', temp)).toBeNull();
    expect(guardRedirect('en', '/en/ticket', '/en/ticket', null)).toBe('/en/login?ref=%2Fen%2Fticket');
  });

  it('keeps signed-in users away from the second-factor page', () => {
    expect(guardRedirect('en', '/en/login/2fa', '/en/login/2fa', user)).toBe('/en');
    expect(guardRedirect('en', '/en/login/2fa', '/en/login/2fa', null)).toBeNull();
  });

  it('blocks the login page for resellers only', () => {
    expect(guardRedirect('th', '/th/login', '/th/login', reseller)).toBe('/th');
    expect(guardRedirect('th', '/th/login', '/th/login', user)).toBeNull();
    expect(guardRedirect('th', '/th/login', '/th/login', null)).toBeNull();
  });
});
