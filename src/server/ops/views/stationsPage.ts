/** The view model of /{lang}/op/stations?q=&id=: stations found, the one chosen with its history; POST changes or adds one (`stations.save`). */
import { z } from 'zod';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { networkHistory } from '../networkAudit.ts';
import { formObject, opGate } from '../page.ts';
import { addStation, findStations, newStationForm, stationById, stationForm, updateStation, type StationRow } from '../stations.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const stationId = z.coerce.number().int().positive();

export async function stationsPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.stations');
  const { db } = await getDbHandle();
  const query = (astro.url.searchParams.get('q') ?? '').trim().slice(0, 80);
  const selectedId = stationId.safeParse(astro.url.searchParams.get('id') ?? undefined);
  let status = 200;
  let errorKey: MessageKey | undefined;
  let errorForm: 'op-station-form' | 'op-station-new' | undefined;
  let badFields: string[] = [];
  let entered: Record<string, unknown> = {};
  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'stations.save');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const form = await formObject(astro.request);
      const creating = form.intent === 'create';
      errorForm = creating ? 'op-station-new' : 'op-station-form';
      const id = stationId.safeParse(form.id);
      const created = creating ? newStationForm.safeParse(form) : undefined;
      const updated = creating ? undefined : stationForm.safeParse(form);
      const issues = created?.error?.issues ?? updated?.error?.issues ?? [];
      if (issues.length || (!creating && !id.success)) {
        status = 400;
        entered = form;
        badFields = issues.length ? [...new Set(issues.map((i) => String(i.path[0] ?? '')))] : ['id'];
        errorKey = 'op.stations.error.invalid';
      } else {
        const change = created?.data
          ? await addStation(db, actionGate.staff, created.data, requestId ?? null)
          : updated?.data && id.data
            ? await updateStation(db, actionGate.staff, id.data, updated.data, requestId ?? null)
            : ({ result: 'unknown_station' } as const);
        if (change.result === 'saved') return redirectTo(`${opPath(astro, 'stations')}?id=${String(change.id)}&done=saved`);
        entered = form;
        status = change.result === 'slug_taken' ? 409 : change.result === 'unknown_place' ? 400 : 404;
        badFields = change.result === 'slug_taken' ? ['slug'] : change.result === 'unknown_place' ? ['placeSlug'] : [];
        errorKey = `op.stations.error.${change.result}`;
      }
    }
  }
  const allowed = gate.kind === 'allowed';
  const found = allowed ? await findStations(db, query) : [];
  const selected: StationRow | undefined = allowed && selectedId.success ? await stationById(db, selectedId.data) : undefined;
  const history = selected ? await networkHistory(db, 'station', selected.slug) : [];
  const done = astro.url.searchParams.get('done') === 'saved';
  return pageView(gate, { query, errorKey, errorForm, badFields, entered, found, selected, history, done }, status);
}
