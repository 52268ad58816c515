/**
 * The view model of /{lang}/op/routes?q=&route=&schedule=&date=: routes found, one route with its
 * schedules and their history, one schedule's departures and seats on a day; POST changes a
 * schedule (`schedules.save`), adds one (`schedules.add`), ends one (`schedules.end`) or sets a
 * departure's seats (`departures.setSeats`). A refusal carries its translated message.
 */
import { z } from 'zod';
import { dataKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { formObject, opGate } from '../page.ts';
import { serviceDateSchema } from '../sales.ts';
import {
  addSchedule,
  departureSeats,
  departureSeatsForm,
  endSchedule,
  endScheduleForm,
  findRoutes,
  newScheduleForm,
  routeDetail,
  routeOfSchedule,
  routeScheduleHistory,
  scheduleForm,
  setDepartureSeats,
  updateSchedule,
} from '../schedules.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const ACTIONS = { save: 'schedules.save', add: 'schedules.add', end: 'schedules.end', seats: 'departures.setSeats' } as const;
export type RoutesFormName = keyof typeof ACTIONS;
const positive = z.coerce.number().int().positive();
const badFieldsOf = (error: z.ZodError) => [...new Set(error.issues.map((i) => String(i.path[0] ?? '')))];

export async function routesPage(astro: OpAstro & { locals: Pick<App.Locals, 't'> }, now = new Date()) {
  const { session, requestId, t } = astro.locals;
  let gate = opGate(session, 'page.routes');
  const { db } = await getDbHandle();
  const params = astro.url.searchParams;
  const query = (params.get('q') ?? '').trim().slice(0, 80);
  let routeId = positive.safeParse(params.get('route') ?? undefined).data;
  let scheduleId = positive.safeParse(params.get('schedule') ?? undefined).data;
  const today = now.toISOString().slice(0, 10);
  let seatsDate = serviceDateSchema.safeParse(params.get('date')).data ?? today;
  const pageUrl = (extra: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ q: query || undefined, route: routeId, schedule: scheduleId, ...extra }))
      if (v !== undefined) search.set(k, String(v));
    return `${opPath(astro, 'routes')}?${search.toString()}`;
  };
  let status = 200;
  /** The refusal of the last post: which form, its translated message, the marked fields and what was typed. */
  let refused: { form: RoutesFormName; message: string; badFields: string[]; entered: Record<string, unknown> } | undefined;

  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const form = await formObject(astro.request);
    const name = typeof form.do === 'string' && form.do in ACTIONS ? (form.do as RoutesFormName) : undefined;
    const actionGate = name ? opGate(session, ACTIONS[name]) : undefined;
    const refuse = (refusal: number, message: string, badFields: string[] = []) => {
      status = refusal;
      refused = { form: name ?? 'save', message, badFields, entered: form };
    };
    if (actionGate && actionGate.kind !== 'allowed') gate = actionGate;
    else if (!actionGate || !name) refuse(400, t('op.error.invalid'));
    else {
      const staff = actionGate.staff;
      const rid = requestId ?? null;
      if (name === 'add') {
        const input = newScheduleForm.safeParse(form);
        routeId = positive.safeParse(form.routeId).data ?? routeId;
        if (!input.success) refuse(400, t('op.routes.error.invalid'), badFieldsOf(input.error));
        else {
          const added = await addSchedule(db, staff, input.data, rid);
          if (added.result === 'unknown') refuse(404, t('op.routes.error.unknown'));
          else return redirectTo(pageUrl({ route: input.data.routeId, schedule: added.id, done: 'added' }));
        }
      } else {
        scheduleId = positive.safeParse(form.id).data ?? scheduleId;
        if (name === 'save') {
          const input = scheduleForm.safeParse(form);
          if (!input.success) refuse(400, t('op.routes.error.invalid'), badFieldsOf(input.error));
          else {
            const change = await updateSchedule(db, staff, input.data, now, rid);
            if (change.result === 'unknown') refuse(404, t('op.routes.error.unknown'));
            else if (change.result === 'booked')
              refuse(
                409,
                t('op.routes.error.booked', {
                  count: String(change.bookings),
                  dates: change.departures.map((d) => d.serviceDate).join(', '),
                }),
              );
            else return redirectTo(pageUrl({ done: change.result }));
          }
        } else if (name === 'end') {
          const input = endScheduleForm.safeParse(form);
          if (!input.success) refuse(400, t('op.routes.error.invalid'), badFieldsOf(input.error));
          else {
            const change = await endSchedule(db, staff, input.data, now, rid);
            if (change.result === 'unknown') refuse(404, t('op.routes.error.unknown'));
            else if (change.result === 'past') refuse(400, t('op.routes.error.past'), ['endDate']);
            else if (change.result === 'ended')
              return redirectTo(pageUrl({ done: 'ended', until: change.validTo, kept: change.keptForBookings }));
            else return redirectTo(pageUrl({ done: 'unchanged' }));
          }
        } else {
          const input = departureSeatsForm.safeParse(form);
          seatsDate = serviceDateSchema.safeParse(form.serviceDate).data ?? seatsDate;
          if (!input.success) refuse(400, t('op.routes.error.invalid'), badFieldsOf(input.error));
          else {
            const change = await setDepartureSeats(db, staff, input.data, rid);
            if (change.result === 'unknown') refuse(404, t('op.routes.error.noDeparture'));
            else if (change.result === 'below_sold')
              refuse(409, t('op.routes.error.belowSold', { sold: String(change.sold), held: String(change.held) }), ['seats']);
            else return redirectTo(pageUrl({ date: input.data.serviceDate, done: change.result }));
          }
        }
      }
    }
  }
  const allowed = gate.kind === 'allowed';
  if (allowed && routeId === undefined && scheduleId !== undefined) routeId = await routeOfSchedule(db, scheduleId);
  const list = allowed ? await findRoutes(db, query) : [];
  const route = allowed && routeId !== undefined ? await routeDetail(db, routeId) : undefined;
  const schedule = route?.scheduleRows.find((s) => s.id === scheduleId);
  const seats = schedule ? await departureSeats(db, schedule.id, seatsDate) : [];
  const history = route
    ? await routeScheduleHistory(
        db,
        route.scheduleRows.map((s) => s.id),
      )
    : [];
  const done = params.get('done');
  const doneMessage =
    done === 'ended'
      ? t(Number(params.get('kept') ?? 0) > 0 ? 'op.routes.done.endedKept' : 'op.routes.done.ended', {
          until: serviceDateSchema.safeParse(params.get('until')).data ?? '',
          count: String(Number(params.get('kept') ?? 0)),
        })
      : done && ['saved', 'added', 'unchanged'].includes(done)
        ? t(dataKey('op.routes.done.', done))
        : undefined;
  return pageView(gate, { query, today, seatsDate, refused, list, route, schedule, seats, history, doneMessage }, status);
}
