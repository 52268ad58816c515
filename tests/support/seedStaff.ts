/**
 * Staff accounts for the operators-area browser test, written into the browser-test database
 * before its server starts (PGlite opens a data directory from one process only): each role gets
 * an account through `assignRole` (the `user:role` command's code), a password and a TOTP secret
 * already confirmed, so the test signs in as staff do — password, then a code. The secret is the
 * test's own (STAFF_TOTP_SECRET); nothing here runs outside the browser tests.
 *
 *   PGLITE_DATA_DIR=.data/e2e-db node tests/support/seedStaff.ts
 */
import { eq } from 'drizzle-orm';
import { assignRole } from '../../src/server/accounts/assignRole.ts';
import { hashPassword } from '../../src/server/accounts/password.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { users } from '../../src/server/db/schema.ts';
import { MATRIX_STAFF, NON_STAFF, PARTNERS_ADMIN, STAFF, STAFF_PASSWORD, STAFF_TOTP_SECRET } from './staff.ts';

const handle = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, pgliteDataDir: process.env.PGLITE_DATA_DIR });
try {
  await applyMigrations(handle);
  const passwordHash = await hashPassword(STAFF_PASSWORD);
  const accounts: [keyof typeof STAFF, string][] = [
    ...(Object.entries(STAFF) as [keyof typeof STAFF, string][]),
    ['admin', PARTNERS_ADMIN],
    ...(Object.entries(MATRIX_STAFF) as [keyof typeof STAFF, string][]),
  ];
  for (const [role, email] of accounts) {
    const { userId } = await assignRole(handle, { email, role });
    await handle.db
      .update(users)
      .set({ passwordHash, totpSecret: STAFF_TOTP_SECRET, totpEnabledAt: new Date(), totpLastStep: null })
      .where(eq(users.id, userId));
  }
  // A traveller and a reseller with the same password, to be refused by the operators area.
  for (const [role, email] of Object.entries(NON_STAFF)) {
    const { userId } = await assignRole(handle, { email, role: role as keyof typeof NON_STAFF });
    await handle.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }
} finally {
  await handle.close();
}
