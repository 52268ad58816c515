import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole } from '../../src/server/accounts/assignRole.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { sessions, userAudit, users } from '../../src/server/db/schema.ts';
import { DATABASES } from './databases.ts';

const pglite = DATABASES.find((d) => d.name === 'pglite');

describe('npm run user:role', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    if (pglite) handle = await pglite.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates a verified account without a password for a new address, with the role, audited', async () => {
    const result = await assignRole(handle, { email: ' Mai@Example.com ', role: 'admin' });
    expect(result).toMatchObject({ created: true, previous: null, role: 'admin' });
    const [user] = await handle.db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ email: 'mai@example.com', role: 'admin', isStaff: true, isAdmin: true, passwordHash: null });
    expect(user?.emailVerifiedAt).not.toBeNull();
    const audit = await handle.db.select().from(userAudit).where(eq(userAudit.userId, result.userId));
    expect(audit.map((a) => [a.fromValue, a.toValue, a.actorKind, a.actorId])).toEqual([['user', 'admin', 'system', 'user:role command']]);
  });

  it('promotes an existing account and ends its sessions; the same role again changes nothing', async () => {
    const [user] = await handle.db.insert(users).values({ email: 'sam@example.com', name: 'Sam' }).returning();
    if (!user) throw new Error('no user');
    await handle.db.insert(sessions).values({ tokenHash: 'x'.repeat(64), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    expect(await assignRole(handle, { email: 'sam@example.com', role: 'support' })).toMatchObject({
      created: false,
      previous: 'user',
      role: 'support',
    });
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await assignRole(handle, { email: 'sam@example.com', role: 'support' })).toMatchObject({ previous: 'support' });
    expect(await handle.db.select().from(userAudit).where(eq(userAudit.userId, user.id))).toHaveLength(1);
  });

  it('refuses an unknown role or a malformed address before touching the database', async () => {
    await expect(assignRole(handle, { email: 'not an address', role: 'admin' })).rejects.toThrow();
    await expect(assignRole(handle, { email: 'a@example.com', role: 'owner' as 'admin' })).rejects.toThrow();
    expect(await handle.db.select().from(users).where(eq(users.email, 'a@example.com'))).toEqual([]);
  });
});
