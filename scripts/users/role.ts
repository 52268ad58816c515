/**
 * `npm run user:role -- <email> <role>`: creates or promotes an account (see
 * src/server/accounts/assignRole.ts). Roles: admin, manager, support, reseller, user. Uses the
 * configured database (DATABASE_URL, or PGlite under PGLITE_DATA_DIR — stop `npm start` first:
 * PGlite lets one process open its data directory).
 */
import { z } from 'zod';
import { assignRole, assignRoleInput } from '../../src/server/accounts/assignRole.ts';
import { parseServerEnv } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';

const [email, role] = process.argv.slice(2).filter((a) => a !== '--');
const input = assignRoleInput.safeParse({ email, role });
if (!input.success) {
  console.error(`Usage: npm run user:role -- <email> <admin|manager|support|reseller|user>\n${z.prettifyError(input.error)}`);
  process.exit(2);
}
const env = parseServerEnv();
const handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDataDir: env.PGLITE_DATA_DIR });
try {
  await applyMigrations(handle);
  const result = await assignRole(handle, input.data);
  const who = result.created ? `${input.data.email} (new account: sign in with a login link or "Forgot password")` : input.data.email;
  console.log(
    result.previous === result.role
      ? `${who} already has the role ${result.role}.`
      : `${who} is now ${result.role}${result.previous ? ` (was ${result.previous})` : ''}.`,
  );
} finally {
  await handle.close();
}
