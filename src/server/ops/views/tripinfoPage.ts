/**
 * The view model of /{lang}/op/tripinfo: a trip key → `adminTripInfo` (the admin API's own answer),
 * or a day's trips between two places as search lists them; POST warms the search index up
 * (`admin.warmup`, managers).
 */
import { z } from 'zod';
import { search } from '../../../domain/search/search.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { adminTripInfo, adminTripInfoQuery, type AdminTripInfo } from '../../admin/tripInfo.ts';
import { warmup } from '../../admin/warmup.ts';
import { ApiError } from '../../api/errors.ts';
import { getBus } from '../../bus/index.ts';
import { getDbHandle } from '../../db/index.ts';
import { getSearchIndex, refreshSearchIndex } from '../../search/cache.ts';
import { resolveRef } from '../../search/params.ts';
import { mayDo } from '../access.ts';
import { formObject, opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const slug = z.string().regex(/^[a-z0-9-]{1,80}$/);
const dayQuerySchema = z.object({ from: slug, to: slug, date: z.iso.date() });

export async function tripinfoPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  const params = astro.url.searchParams;
  let gate = opGate(session, 'page.tripinfo');
  const { db } = await getDbHandle();
  const rawKey = (params.get('key') ?? '').trim();
  let status = 200;
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'admin.warmup');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const body = await formObject(astro.request);
      if (body.action === 'warmup') {
        const answer = await warmup(
          { db, bus: await getBus(), rebuildIndex: refreshSearchIndex, now: () => Date.now() },
          actionGate.staff,
          requestId ?? null,
        );
        const back = new URLSearchParams({ warmed: String(answer.version), ms: String(answer.build_ms) });
        if (rawKey) back.set('key', rawKey);
        return redirectTo(`${opPath(astro, 'tripinfo')}?${back.toString()}`);
      }
      status = 400;
    }
  }
  let info: AdminTripInfo | undefined;
  let errorKey: MessageKey | undefined;
  if (gate.kind === 'allowed' && rawKey) {
    const query = adminTripInfoQuery.safeParse({ key: rawKey });
    if (!query.success) {
      status = 400;
      errorKey = 'op.tripinfo.error.invalid_key';
    } else {
      try {
        info = await adminTripInfo(db, gate.staff, await getSearchIndex(), query.data.key, Date.now());
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'unknown_trip') throw error;
        status = 404;
        errorKey = 'op.tripinfo.error.unknown_trip';
      }
    }
  }
  // Or a day's trips between two places or stations (slugs), each linking to its key: what search lists.
  const dayQuery = dayQuerySchema.safeParse(Object.fromEntries(['from', 'to', 'date'].map((k) => [k, params.get(k) ?? ''])));
  const askedDay = ['from', 'to', 'date'].some((k) => params.get(k));
  let dayTrips: { key: string; departs: string; arrives: string; bookable: boolean }[] | undefined;
  if (gate.kind === 'allowed' && askedDay) {
    const index = await getSearchIndex();
    const from = dayQuery.success ? resolveRef(index, undefined, dayQuery.data.from) : undefined;
    const to = dayQuery.success ? resolveRef(index, undefined, dayQuery.data.to) : undefined;
    if (!dayQuery.success || !from || !to) {
      status = 400;
      errorKey = 'op.tripinfo.error.unknown_places';
    } else {
      const found = search(index, { from, to, date: dayQuery.data.date, people: 1, classes: 'all', currency: 'USD', now: Date.now() });
      dayTrips = found.trips.map((trip) => ({
        key: trip.key,
        departs: trip.params.dep_time,
        arrives: trip.params.arr_time,
        bookable: trip.params.is_bookable,
      }));
    }
  }
  const mayWarm = gate.kind === 'allowed' && mayDo(gate.staff.role, 'admin.warmup');
  const warmed = /^\d{1,12}$/.test(params.get('warmed') ?? '') ? params.get('warmed') : null;
  const warmedMs = /^\d{1,9}$/.test(params.get('ms') ?? '') ? params.get('ms') : '0';
  return pageView(gate, { rawKey, info, errorKey, dayTrips, mayWarm, warmed, warmedMs }, status);
}
