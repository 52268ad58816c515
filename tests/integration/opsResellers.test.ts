/**
 * Agents and resellers in the operators area (issue 22, /{lang}/op/resellers) on PGlite and
 * PostgreSQL: an admin links a reseller to an operator and sets their commission share, each
 * changed value audited before → after with who and why; the reseller's next paid booking credits
 * their own share instead of the site's; a non-reseller, an unknown operator and a manager are refused.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { linkAgentOperator } from '../../src/server/accounts/roles.ts';
import { bookings, userAudit, users } from '../../src/server/db/schema.ts';
import { OpForbidden, type StaffMember } from '../../src/server/ops/access.ts';
import { listResellers, resellerChanges, resellerForm, saveReseller } from '../../src/server/ops/resellers.ts';
import { creditCommission } from '../../src/server/partners/resellerCommission.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { guestReservation } from './bookingFixtures.ts';
import { insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

describe.each(DATABASES)('resellers in the operators area on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let admin: StaffMember;
  let resellerId: number;
  let travellerId: number;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    const inserted = await db
      .insert(users)
      .values([
        { email: 'admin-resellers@example.com', role: 'admin' },
        { email: 'agent@example.com', role: 'reseller', balanceCurrency: 'THB' },
        { email: 'traveller@example.com', role: 'user' },
      ])
      .returning({ id: users.id });
    const [a, r, u] = inserted.map((row) => row.id);
    if (a === undefined || r === undefined || u === undefined) throw new Error('no users');
    admin = { userId: a, role: 'admin' };
    resellerId = r;
    travellerId = u;
  });

  afterAll(async () => {
    await handle.close();
  });

  it('links a reseller to an operator and sets their share, audited, and their next paid booking credits that share', async () => {
    const form = resellerForm.parse({
      userId: String(resellerId),
      operatorId: '1',
      commission: '12,5',
      reason: 'signed the agency contract',
    });
    expect(form).toMatchObject({ operatorId: 1, commission: 1250 });
    expect(await saveReseller(db, admin, form, 'req-agent-1')).toEqual({ ok: true, changed: 2 });
    // The same values again change nothing and write no audit row.
    expect(await saveReseller(db, admin, form, 'req-agent-2')).toEqual({ ok: true, changed: 0 });
    const [listed] = (await listResellers(db)).filter((r) => r.id === resellerId);
    expect(listed).toMatchObject({ email: 'agent@example.com', operatorId: 1, commissionBasisPoints: 1250, bookings: 0, balanceMinor: 0 });
    expect(listed?.operatorName).toBeTruthy();
    const changes = await resellerChanges(db);
    expect(changes.map((c) => [c.action, c.fromValue, c.toValue, c.actorId, c.requestId, c.reason]).sort()).toEqual([
      ['link_operator', null, '1', String(admin.userId), 'req-agent-1', 'signed the agency contract'],
      ['set_commission', null, '1250', String(admin.userId), 'req-agent-1', 'signed the agency contract'],
    ]);

    // A booking the reseller made and that is paid: 12.5 % of it, not the site's 5 %.
    const index = await loadIndex(db, NOW);
    const booking = await guestReservation(db, index, { email: 'customer@example.com' });
    await db.update(bookings).set({ resellerUserId: resellerId }).where(eq(bookings.id, booking.id));
    expect(await creditCommission(db, { id: 88_001, bookingId: booking.id, paidMinor: 10_000, currency: 'THB' }, 500)).toBe(true);
    const [after] = (await listResellers(db)).filter((r) => r.id === resellerId);
    expect(after).toMatchObject({ bookings: 1, balanceMinor: 1250, balanceCurrency: 'THB' });

    // Unlinked and back to the site's share: both audited, before → after.
    const reset = resellerForm.parse({ userId: String(resellerId), operatorId: '', commission: '', reason: 'contract ended' });
    expect(await saveReseller(db, admin, reset, null)).toEqual({ ok: true, changed: 2 });
    const latest = (await resellerChanges(db)).slice(0, 2);
    expect(latest.map((c) => [c.action, c.fromValue, c.toValue]).sort()).toEqual([
      ['link_operator', '1', null],
      ['set_commission', '1250', null],
    ]);
  });

  it('every way of linking an agent to an operator writes the audit event: who, when, why, before → after', async () => {
    const audited = async () =>
      db
        .select()
        .from(userAudit)
        .where(and(eq(userAudit.userId, resellerId), eq(userAudit.action, 'link_operator')))
        .orderBy(asc(userAudit.id));
    const before = (await audited()).length;
    const startedAt = Date.now();
    // The admin page (saveReseller), an admin's call of the accounts' link, and a system job (a seed, a script).
    const form = resellerForm.parse({ userId: String(resellerId), operatorId: '2', commission: '', reason: 'page link' });
    expect(await saveReseller(db, admin, form, 'req-page')).toEqual({ ok: true, changed: 1 });
    const staffLink = { actor: { kind: 'staff', userId: admin.userId }, requestId: 'req-call', reason: 'direct link' } as const;
    expect(await linkAgentOperator(db, resellerId, 1, staffLink)).toEqual({ ok: true, changed: true });
    const job = { actor: { kind: 'system', job: 'seed' }, reason: 'seeded agent' } as const;
    expect(await linkAgentOperator(db, resellerId, null, job)).toEqual({ ok: true, changed: true });
    // Refused or unchanged: nothing written.
    expect(await linkAgentOperator(db, resellerId, null, job)).toEqual({ ok: true, changed: false });
    expect(await linkAgentOperator(db, travellerId, 1, job)).toEqual({ ok: false, code: 'not_a_reseller' });
    expect(await linkAgentOperator(db, resellerId, 999_999, job)).toEqual({ ok: false, code: 'unknown_operator' });

    const rows = (await audited()).slice(before);
    expect(rows.map((r) => [r.fromValue, r.toValue, r.actorKind, r.actorId, r.requestId, r.reason])).toEqual([
      [null, '2', 'staff', String(admin.userId), 'req-page', 'page link'],
      ['2', '1', 'staff', String(admin.userId), 'req-call', 'direct link'],
      ['1', null, 'system', 'seed', null, 'seeded agent'],
    ]);
    for (const row of rows) expect(row.at.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
    const [account] = await db.select({ operatorId: users.operatorId }).from(users).where(eq(users.id, resellerId));
    expect(account?.operatorId).toBeNull();
  });

  it('refuses a non-reseller, an unknown operator, a share out of bounds and a manager', async () => {
    const base = { userId: String(resellerId), operatorId: '', commission: '', reason: 'checking refusals' };
    expect(await saveReseller(db, admin, resellerForm.parse({ ...base, userId: String(travellerId) }), null)).toEqual({
      ok: false,
      code: 'not_a_reseller',
    });
    expect(await saveReseller(db, admin, resellerForm.parse({ ...base, operatorId: '999999' }), null)).toEqual({
      ok: false,
      code: 'unknown_operator',
    });
    expect(resellerForm.safeParse({ ...base, commission: '51' }).success).toBe(false);
    expect(resellerForm.safeParse({ ...base, commission: '-1' }).success).toBe(false);
    await expect(saveReseller(db, { userId: admin.userId, role: 'manager' }, resellerForm.parse(base), null)).rejects.toThrow(OpForbidden);
  });
});
