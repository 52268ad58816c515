/**
 * Managers edit stations and operators (issue 22, src/server/ops/stations.ts and operators.ts) on
 * PGlite and PostgreSQL: a change
 * writes its audit row with before and after, bumps the inventory version, is announced on the bus
 * and shows in a freshly loaded search index; support is refused; bad input changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { networkAudit, operators, places, stations, travelOptions } from '../../src/server/db/schema.ts';
import { OpForbidden } from '../../src/server/ops/access.ts';
import { networkHistory } from '../../src/server/ops/networkAudit.ts';
import { addStation, findStations, isIanaTimeZone, newStationForm, stationForm, updateStation } from '../../src/server/ops/stations.ts';
import { toMinorUnits } from '../../src/server/ops/bookings.ts';
import { fareForm, minorToAmount, updateFare } from '../../src/server/ops/fares.ts';
import { operatorForm, updateOperator } from '../../src/server/ops/operators.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import { BUS, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { MANAGER, networkWithStaff, SUPPORT } from './opsFixtures.ts';

const FORM = { kind: 'bus_terminal', lat: '13.8123', lon: '100.5531', timeZone: 'Asia/Bangkok', name_en: 'Mo Chit 2', th: 'x' };

describe('the station form', () => {
  it('accepts an IANA zone and refuses offsets, abbreviations and unknown zones', () => {
    expect(isIanaTimeZone('Asia/Bangkok')).toBe(true);
    expect(isIanaTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isIanaTimeZone('UTC')).toBe(true);
    for (const zone of ['+07:00', 'ICT', 'Asia/Atlantis', '', 'Asia/']) expect(isIanaTimeZone(zone), zone).toBe(false);
  });

  it('keeps the names per locale and names the failing fields', () => {
    const parsed = stationForm.parse({ ...FORM, 'name_ar-ae': 'موشيت', name_th: ' หมอชิต ', name_de: '' });
    expect(parsed.names).toEqual({ en: 'Mo Chit 2', 'ar-ae': 'موشيت', th: 'หมอชิต' });
    expect(parsed.lat).toBe(13.8123);
    const refused = stationForm.safeParse({ ...FORM, lat: '91', lon: 'east', timeZone: 'GMT+7', name_en: ' ' });
    expect(refused.success).toBe(false);
    expect(new Set(refused.error?.issues.map((i) => i.path[0]))).toEqual(new Set(['lat', 'lon', 'timeZone', 'name_en']));
    expect(newStationForm.safeParse({ ...FORM, slug: 'Not A Slug', placeSlug: 'bangkok' }).success).toBe(false);
  });
});

describe('fare amounts', () => {
  it('are read in the currency’s minor units; too many decimals, zero and words are refused', () => {
    expect(toMinorUnits('450', 'THB')).toBe(45_000);
    expect(toMinorUnits('12,5', 'EUR')).toBe(1250);
    expect(toMinorUnits('150000', 'IDR')).toBe(150_000);
    expect(toMinorUnits('1.5', 'IDR')).toBeUndefined();
    expect(toMinorUnits('1.234', 'EUR')).toBeUndefined();
    expect(toMinorUnits('ten', 'EUR')).toBeUndefined();
    expect(minorToAmount(45_000, 'THB')).toBe('450.00');
    expect(minorToAmount(150_000, 'IDR')).toBe('150000');
    const form = { id: '1', currency: 'THB', price: '0', bookingCutoffMin: '60', fullRefundHours: '' };
    expect(fareForm.safeParse(form).error?.issues.map((i) => i.path[0])).toEqual(['price']);
    expect(fareForm.parse({ ...form, price: '950.50' })).toEqual({
      id: 1,
      priceMinor: 95_050,
      currency: 'THB',
      bookingCutoffMin: 60,
      fullRefundHours: null,
    });
    expect(new Set(fareForm.safeParse({ ...form, currency: 'XXX', bookingCutoffMin: '-5' }).error?.issues.map((i) => i.path[0]))).toEqual(
      new Set(['currency', 'bookingCutoffMin']),
    );
  });
});

describe.each(DATABASES)('network edits on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let bus: Awaited<ReturnType<typeof networkWithStaff>>['bus'];
  let announced: number[] = [];

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    ({ bus, announced } = await networkWithStaff(db));
  });

  afterAll(async () => {
    await handle.close();
  });

  it('finds stations by slug and by a name in any locale', async () => {
    expect((await findStations(db, 'mo-chit')).map((s) => s.id)).toEqual([10]);
    expect((await findStations(db, 'หมอชิต')).map((s) => s.id)).toEqual([10]);
    expect((await findStations(db, 'PIER')).map((s) => s.slug)).toEqual(['chumphon-pier', 'mae-haad']);
    expect(await findStations(db, '%')).toEqual([]);
  });

  it('a manager edits a station: audited before → after, announced, and the search index shows it', async () => {
    const before = await loadIndex(db, NOW);
    const input = stationForm.parse({ ...FORM, name_th: 'หมอชิต 2', timeZone: 'Asia/Ho_Chi_Minh' });
    const change = await updateStation(db, MANAGER, 10, input, 'req-station-1', bus);
    expect(change.result).toBe('saved');
    if (change.result !== 'saved') return;
    await vi.waitFor(() => {
      expect(announced).toContain(change.version);
    });

    const after = await loadIndex(db, NOW);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.stations.get(10)?.names).toEqual({ en: 'Mo Chit 2', th: 'หมอชิต 2' });
    expect(after.stations.get(10)?.lat).toBe(13.8123);
    // The time zone is the place's: Bangkok now runs on Vietnam's clock (same offset, other name).
    const [place] = await db.select().from(places).where(eq(places.id, 1));
    expect(place?.timeZone).toBe('Asia/Ho_Chi_Minh');

    const [row] = await networkHistory(db, 'station', 'mo-chit');
    expect(row).toMatchObject({
      action: 'update',
      requestId: 'req-station-1',
      before: { kind: 'bus_terminal', lat: 13.81, timeZone: 'Asia/Bangkok', names: { en: 'Mo Chit', th: 'หมอชิต' } },
      after: { kind: 'bus_terminal', lat: 13.8123, timeZone: 'Asia/Ho_Chi_Minh', names: { en: 'Mo Chit 2', th: 'หมอชิต 2' } },
    });
  });

  it('refuses support and an unknown station, changing nothing', async () => {
    const rows = async () => ({ stations: await db.select().from(stations), audit: await db.select().from(networkAudit) });
    const before = await rows();
    const input = stationForm.parse({ ...FORM, name_en: 'Support was here' });
    await expect(updateStation(db, SUPPORT, 10, input, null, bus)).rejects.toBeInstanceOf(OpForbidden);
    await expect(
      addStation(db, SUPPORT, newStationForm.parse({ ...FORM, slug: 'x', placeSlug: 'bangkok' }), null, bus),
    ).rejects.toBeInstanceOf(OpForbidden);
    expect(await updateStation(db, MANAGER, 999_999, input, null, bus)).toEqual({ result: 'unknown_station' });
    expect(await rows()).toEqual(before);
  });

  it('adds a station to a place; a taken slug or an unknown place adds nothing', async () => {
    const [place] = await db.select().from(places).where(eq(places.id, 3));
    if (!place) throw new Error('no place 3');
    const input = newStationForm.parse({
      ...FORM,
      kind: 'pier',
      name_en: 'Sairee Pier',
      slug: 'sairee-pier',
      placeSlug: place.slug,
      timeZone: place.timeZone,
    });
    const change = await addStation(db, MANAGER, input, null, bus);
    expect(change.result).toBe('saved');
    const index = await loadIndex(db, NOW);
    const added = [...index.stations.values()].find((s) => s.slug === 'sairee-pier');
    expect(added).toMatchObject({ placeId: 3, kind: 'pier', names: { en: 'Sairee Pier' } });
    expect((await networkHistory(db, 'station', 'sairee-pier'))[0]).toMatchObject({ action: 'create', before: null });

    const count = (await db.select().from(stations)).length;
    expect(await addStation(db, MANAGER, input, null, bus)).toEqual({ result: 'slug_taken' });
    expect(await addStation(db, MANAGER, { ...input, slug: 'nowhere-pier', placeSlug: 'atlantis' }, null, bus)).toEqual({
      result: 'unknown_place',
    });
    expect((await db.select().from(stations)).length).toBe(count);
  });

  it('a manager edits an operator: audited, announced, in the index; support, bad input and no-ops change nothing', async () => {
    const form = { id: '1', name: 'Green Bus Co.', logo: '/logos/green-bus.svg', confirmation: 'manual', lateRefundPct: '25' };
    const change = await updateOperator(db, MANAGER, operatorForm.parse(form), 'req-operator-1', bus);
    expect(change.result).toBe('saved');
    if (change.result !== 'saved') return;
    await vi.waitFor(() => {
      expect(announced).toContain(change.version);
    });
    const index = await loadIndex(db, NOW);
    expect(index.operators.get(1)).toMatchObject({ name: 'Green Bus Co.', logo: '/logos/green-bus.svg', confirmation: 'manual' });
    const [row] = await networkHistory(db, 'operator', 'green-bus');
    expect(row).toMatchObject({
      action: 'update',
      requestId: 'req-operator-1',
      before: { name: 'Green Bus', logo: '', confirmation: 'instant', lateRefundPct: 50 },
      after: { name: 'Green Bus Co.', logo: '/logos/green-bus.svg', confirmation: 'manual', lateRefundPct: 25 },
    });

    const rows = async () => ({ operators: await db.select().from(operators), audit: await db.select().from(networkAudit) });
    const before = await rows();
    await expect(updateOperator(db, SUPPORT, operatorForm.parse({ ...form, name: 'Support' }), null, bus)).rejects.toBeInstanceOf(
      OpForbidden,
    );
    expect(await updateOperator(db, MANAGER, operatorForm.parse(form), null, bus)).toEqual({ result: 'unchanged' });
    expect(await updateOperator(db, MANAGER, operatorForm.parse({ ...form, id: '999' }), null, bus)).toEqual({
      result: 'unknown',
    });
    const refused = operatorForm.safeParse({ ...form, name: '', logo: 'javascript:alert(1)', confirmation: 'maybe', lateRefundPct: '101' });
    expect(new Set(refused.error?.issues.map((i) => i.path[0]))).toEqual(new Set(['name', 'logo', 'confirmation', 'lateRefundPct']));
    expect(await rows()).toEqual(before);
  });

  it('a manager changes a fare: audited, announced and quoted at once; support and no-ops change nothing', async () => {
    const quote = async () => {
      const quoted = quoteSelections(await loadIndex(db, NOW), parseAddToCartSlug(BUS) ?? [], { currency: 'THB', now: NOW });
      if (typeof quoted === 'string') throw new Error(quoted);
      return quoted[0]?.[0]?.unitPriceMinor;
    };
    expect(await quote()).toBe(90_000);
    const input = fareForm.parse({ id: '1', currency: 'THB', price: '950.50', bookingCutoffMin: '30', fullRefundHours: '' });
    const change = await updateFare(db, MANAGER, input, 'req-fare-1', bus);
    expect(change.result).toBe('saved');
    if (change.result !== 'saved') return;
    await vi.waitFor(() => {
      expect(announced).toContain(change.version);
    });
    expect(await quote()).toBe(95_050);
    expect((await networkHistory(db, 'travel_option', '1'))[0]).toMatchObject({
      requestId: 'req-fare-1',
      before: { priceMinor: 90_000, currency: 'THB', bookingCutoffMin: 60, fullRefundHours: 24 },
      after: { priceMinor: 95_050, currency: 'THB', bookingCutoffMin: 30, fullRefundHours: null },
    });

    const rows = async () => ({ options: await db.select().from(travelOptions), audit: await db.select().from(networkAudit) });
    const before = await rows();
    await expect(updateFare(db, SUPPORT, { ...input, priceMinor: 1 }, null, bus)).rejects.toBeInstanceOf(OpForbidden);
    expect(await updateFare(db, MANAGER, input, null, bus)).toEqual({ result: 'unchanged' });
    expect(await updateFare(db, MANAGER, { ...input, id: 999_999 }, null, bus)).toEqual({ result: 'unknown' });
    expect(await rows()).toEqual(before);
  });

  it('audits concurrent fare changes one after the other: each before is the previous after', async () => {
    const prices = [101_00, 102_00, 103_00, 104_00, 105_00];
    const results = await Promise.all(
      prices.map((priceMinor) =>
        updateFare(db, MANAGER, { id: 2, priceMinor, currency: 'THB', bookingCutoffMin: 45, fullRefundHours: 12 }, null, bus),
      ),
    );
    expect(results.map((r) => r.result)).toEqual(prices.map(() => 'saved'));
    // Oldest first. Without the row lock, changes reading the same row at once would all record the
    // same `before` (a lost update in the audit); the chain below would break.
    const chain = (await networkHistory(db, 'travel_option', '2')).reverse();
    expect(chain).toHaveLength(prices.length);
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.before?.priceMinor).toBe(chain[i - 1]?.after?.priceMinor);
    const [option] = await db.select().from(travelOptions).where(eq(travelOptions.id, 2));
    expect(option?.priceMinor).toBe(chain.at(-1)?.after?.priceMinor);
  });
});
