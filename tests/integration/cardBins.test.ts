/**
 * Admin's card BIN ranges (/{lang}/op/card-bins, src/server/ops/cardBins.ts) on PGlite and
 * PostgreSQL: a range Admin saves decides `checkout/resolve-card-payment-method` from the next
 * request, a change and a delete too, each with its audit row; managers and support are refused
 * in the service; an overlapping range is refused and changes nothing, also when two are saved at
 * the same moment; the list is filtered by leading digits and paged.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinRange } from '../../src/domain/payment/bins.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { cardBinRanges, networkAudit, users } from '../../src/server/db/schema.ts';
import { OpForbidden, type StaffMember } from '../../src/server/ops/access.ts';
import {
  CARD_BIN_ENTITY,
  CARD_BIN_PAGE_SIZE,
  deleteCardBinRangeAsAdmin,
  listCardBinRanges,
  saveCardBinRangeAsAdmin,
} from '../../src/server/ops/cardBins.ts';
import { createPaymentApi } from '../../src/server/payment/api.ts';
import { DATABASES } from './databases.ts';
import { travellerApiContext as ctx } from './travellerRequests.ts';

const DANISH_DEBIT: BinRange = {
  prefix: '457100',
  scheme: 'visa',
  issuerCountry: 'DK',
  cardType: 'debit',
  paygate: 'sandbox-card',
  feeBasisPoints: 95,
};

describe.each(DATABASES)('card BIN ranges on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  const staff: Record<'admin' | 'manager' | 'support', StaffMember> = {
    admin: { userId: 0, role: 'admin' },
    manager: { userId: 0, role: 'manager' },
    support: { userId: 0, role: 'support' },
  };

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    for (const role of ['admin', 'manager', 'support'] as const) {
      const [row] = await db
        .insert(users)
        .values({ email: `${role}-bins@example.com`, role })
        .returning({ id: users.id });
      staff[role] = { userId: row?.id ?? 0, role };
    }
  });

  afterAll(async () => {
    await handle.close();
  });

  async function resolve(bin: string): Promise<unknown> {
    const api = createPaymentApi({ db });
    const response = await api.resolveCardPaymentMethod(
      ctx('/api/nuxt/en/checkout/resolve-card-payment-method', { method: 'POST', body: JSON.stringify({ bin }) }),
    );
    expect(response.status).toBe(200);
    return response.json();
  }
  const tableNow = () => db.select().from(cardBinRanges).orderBy(asc(cardBinRanges.prefix));
  const audit = (prefix: string) =>
    db
      .select()
      .from(networkAudit)
      .where(and(eq(networkAudit.entity, CARD_BIN_ENTITY), eq(networkAudit.entityKey, prefix)))
      .orderBy(asc(networkAudit.id));

  it('Admin adds a range and changes it: the next resolution answers with its provider and fee, each change audited', async () => {
    expect(await resolve('45710012')).toMatchObject({ issuer_country: null, paygate: 'yuno', fee_basis_points: 180 });

    expect(await saveCardBinRangeAsAdmin(db, staff.admin, DANISH_DEBIT, 'req-add')).toEqual({ result: 'saved' });
    expect(await resolve('45710012')).toEqual({
      scheme: 'visa',
      issuer_country: 'DK',
      card_type: 'debit',
      paygate: 'sandbox-card',
      fee_basis_points: 95,
    });
    // Cards outside the range keep the shipped answer.
    expect(await resolve('45720012')).toMatchObject({ paygate: 'yuno', fee_basis_points: 180 });

    expect(await saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, paygate: 'yuno', feeBasisPoints: 110 }, 'req-change')).toEqual(
      {
        result: 'saved',
      },
    );
    expect(await resolve('45710012')).toMatchObject({ paygate: 'yuno', fee_basis_points: 110 });
    // Saving it again as it stands is no change and writes no audit row.
    expect(await saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, paygate: 'yuno', feeBasisPoints: 110 }, null)).toEqual({
      result: 'unchanged',
    });

    const rows = await audit('457100');
    expect(rows.map((r) => [r.action, r.actorId, r.requestId])).toEqual([
      ['add', staff.admin.userId, 'req-add'],
      ['change', staff.admin.userId, 'req-change'],
    ]);
    expect(rows[0]?.before).toBeNull();
    expect(rows[1]?.before).toMatchObject({ paygate: 'sandbox-card', feeBasisPoints: 95 });
    expect(rows[1]?.after).toMatchObject({ paygate: 'yuno', feeBasisPoints: 110 });
  });

  it.each(['manager', 'support'] as const)('refuses a %s in the service, and nothing changes', async (role) => {
    const before = await tableNow();
    const auditBefore = await audit('457100');
    await expect(saveCardBinRangeAsAdmin(db, staff[role], { ...DANISH_DEBIT, feeBasisPoints: 1 }, null)).rejects.toBeInstanceOf(
      OpForbidden,
    );
    await expect(saveCardBinRangeAsAdmin(db, staff[role], { ...DANISH_DEBIT, prefix: '3333' }, null)).rejects.toBeInstanceOf(OpForbidden);
    await expect(deleteCardBinRangeAsAdmin(db, staff[role], '457100', null)).rejects.toBeInstanceOf(OpForbidden);
    expect(await tableNow()).toEqual(before);
    expect(await audit('457100')).toEqual(auditBefore);
    expect(await resolve('45710012')).toMatchObject({ fee_basis_points: 110 });
  });

  it('refuses a range that contains or lies inside another of Admin’s, naming it, and nothing changes', async () => {
    const before = await tableNow();
    expect(await saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, prefix: '4571', feeBasisPoints: 1 }, null)).toEqual({
      result: 'overlaps',
      other: '457100',
    });
    expect(await saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, prefix: '45710099', feeBasisPoints: 1 }, null)).toEqual({
      result: 'overlaps',
      other: '457100',
    });
    expect(await tableNow()).toEqual(before);
    expect(await audit('4571')).toEqual([]);
    expect(await audit('45710099')).toEqual([]);
    expect(await resolve('45710099')).toMatchObject({ fee_basis_points: 110 });
  });

  it('refuses one of two overlapping ranges saved at the same moment', async () => {
    for (const [shorter, longer] of [
      ['71', '7155'],
      ['72', '7255'],
      ['73', '7355'],
      ['74', '7455'],
    ] as const) {
      const results = await Promise.all(
        [longer, shorter].map((prefix) => saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, prefix }, null)),
      );
      expect(results.map((r) => r.result).sort()).toEqual(['overlaps', 'saved']);
      const stored = (await tableNow()).filter((r) => r.prefix.startsWith(shorter)).map((r) => r.prefix);
      expect(stored).toHaveLength(1);
    }
  });

  // The control for the test above: two connections are needed to hold the lock while a save runs.
  it.runIf(name === 'postgres')(
    'checks for overlaps only once it holds the table: a range written under the lock and committed is seen',
    async () => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => (release = r));
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('card_bin_ranges'))`);
        await tx.insert(cardBinRanges).values({ ...DANISH_DEBIT, prefix: '7600', updatedBy: 'test' });
        locked();
        await released;
      });
      await isLocked;
      let answered = false;
      const save = saveCardBinRangeAsAdmin(db, staff.admin, { ...DANISH_DEBIT, prefix: '76' }, null).finally(() => (answered = true));
      await new Promise((r) => setTimeout(r, 300));
      const answeredWhileLocked = answered;
      release();
      await holder;
      // Without the lock the save would have read a table without 7600 and saved 76 by now.
      expect(answeredWhileLocked).toBe(false);
      expect(await save).toEqual({ result: 'overlaps', other: '7600' });
    },
  );

  it('Admin deletes a range: its cards follow the shipped table again', async () => {
    expect(await deleteCardBinRangeAsAdmin(db, staff.admin, '457100', 'req-delete')).toBe(true);
    expect(await deleteCardBinRangeAsAdmin(db, staff.admin, '457100', null)).toBe(false);
    expect(await resolve('45710012')).toMatchObject({ issuer_country: null, paygate: 'yuno', fee_basis_points: 180 });
    expect((await audit('457100')).map((r) => [r.action, r.after])).toContainEqual(['delete', null]);
  });

  it('lists the ranges filtered by their leading digits, a page at a time', async () => {
    const many = Array.from({ length: CARD_BIN_PAGE_SIZE + 5 }, (_, i) => ({
      ...DANISH_DEBIT,
      prefix: `8${String(i).padStart(3, '0')}`,
      updatedBy: 'test',
    }));
    await db.insert(cardBinRanges).values(many);
    const first = await listCardBinRanges(db, '8', 1);
    const second = await listCardBinRanges(db, '8', 2);
    expect(first.total).toBe(CARD_BIN_PAGE_SIZE + 5);
    expect(first.rows).toHaveLength(CARD_BIN_PAGE_SIZE);
    expect(first.rows[0]?.prefix).toBe('8000');
    expect(second.rows.map((r) => r.prefix)).toEqual(['8050', '8051', '8052', '8053', '8054']);
    expect((await listCardBinRanges(db, '801', 1)).rows.map((r) => r.prefix)).toEqual([
      '8010',
      '8011',
      '8012',
      '8013',
      '8014',
      '8015',
      '8016',
      '8017',
      '8018',
      '8019',
    ]);
    expect((await listCardBinRanges(db, '9', 1)).total).toBe(0);
  });
});
