/** The staff accounts tests/support/seedStaff.ts writes into the browser-test database. */
export const STAFF = {
  support: 'support-e2e@example.com',
  manager: 'manager-e2e@example.com',
  admin: 'admin-e2e@example.com',
} as const;
export const STAFF_PASSWORD = 'a long staff test password';
/** Base32; the test makes its codes with otpauth. */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** A second Admin, for the partner-hosts test: a code is good once, so two files never share one account's step. */
export const PARTNERS_ADMIN = 'partners-admin-e2e@example.com';

/** Staff of the role × action matrix over HTTP (tests/e2e/admin-area.spec.ts): their own, so no other file spends their codes. */
export const MATRIX_STAFF = {
  support: 'matrix-support-e2e@example.com',
  manager: 'matrix-manager-e2e@example.com',
  admin: 'matrix-admin-e2e@example.com',
} as const;
/** Accounts without staff rights, for the same matrix (password only, no second factor). */
export const NON_STAFF = {
  user: 'user-e2e@example.com',
  reseller: 'reseller-e2e@example.com',
} as const;
