/**
 * The view model of /{lang}/op/booking?id=: one booking's file — the ticket data, the refund a
 * cancellation would give, the refunds and their attempts, the ticket links once paid; POST changes
 * passengers, re-sends the ticket, cancels by the fare rules or with a goodwill amount (each
 * action's role checked again on the server).
 */
import { z } from 'zod';
import { isPaid } from '../../../domain/booking/lifecycle.ts';
import { dataKey, type MessageKey } from '../../../i18n/messageKeys.ts';
import { getDbHandle } from '../../db/index.ts';
import { eventDispatcher } from '../../events/instance.ts';
import { getSearchIndex } from '../../search/cache.ts';
import { cancellationPreview } from '../../tickets/cancel.ts';
import { loadTicketData } from '../../tickets/data.ts';
import { ticketLinks } from '../../tickets/links.ts';
import type { OpAction } from '../access.ts';
import {
  bookingFile,
  cancelByPolicy,
  cancelWithGoodwill,
  changePassengersAsStaff,
  changePassengersInput,
  goodwillForm,
  reasonInput,
  resendTicket,
  toMinorUnits,
  type StaffChangeResult,
} from '../bookings.ts';
import { formObject, opGate } from '../page.ts';
import { refundsOfBookingForStaff } from '../refunds.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

const ACTIONS = {
  passengers: 'booking.changePassengers',
  resend: 'booking.resendTicket',
  cancel: 'booking.cancel',
  goodwill: 'booking.goodwillRefund',
} as const satisfies Record<string, OpAction>;
const actionName = z.enum(['passengers', 'resend', 'cancel', 'goodwill']);

export async function bookingPage(astro: OpAstro & { locals: Pick<App.Locals, 't'> }) {
  const { session, requestId, locale, t } = astro.locals;
  let gate = opGate(session, 'page.booking');
  const id = Number(astro.url.searchParams.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const { db } = await getDbHandle();
  let status = 200;
  let error: { action: string; key: MessageKey } | undefined;

  if (gate.kind === 'allowed' && astro.request.method === 'POST' && validId) {
    const body = await formObject(astro.request);
    const action = actionName.safeParse(body.action);
    if (!action.success) {
      status = 400;
      error = { action: 'none', key: 'op.error.invalid' };
    } else {
      // The action's own role, checked on the server whatever the page showed.
      const actionGate = opGate(session, ACTIONS[action.data]);
      if (actionGate.kind !== 'allowed') gate = actionGate;
      else {
        const staff = actionGate.staff;
        const now = new Date();
        let result: StaffChangeResult | 'invalid' = 'invalid';
        if (action.data === 'passengers') {
          const input = changePassengersInput.safeParse({
            reason: body.reason,
            passengers: (Array.isArray(body.first_name) ? (body.first_name as string[]) : []).map((first, i) => ({
              first_name: first,
              last_name: Array.isArray(body.last_name) ? (body.last_name as string[])[i] : undefined,
            })),
          });
          if (input.success) result = await changePassengersAsStaff(db, staff, id, input.data, now, requestId ?? null);
        } else if (action.data === 'goodwill') {
          const input = goodwillForm.safeParse(body);
          const current = input.success ? await bookingFile(db, id) : undefined;
          const amountMinor = input.success && current ? toMinorUnits(input.data.amount, current.booking.currency) : undefined;
          if (input.success && amountMinor !== undefined)
            result = await cancelWithGoodwill(db, staff, id, { reason: input.data.reason, amountMinor }, now, requestId ?? null);
          else if (input.success && !current) result = { ok: false, code: 'booking_not_found' };
        } else {
          const input = reasonInput.safeParse(body);
          if (input.success)
            result =
              action.data === 'resend'
                ? await resendTicket(db, staff, id, input.data.reason, now, requestId ?? null)
                : await cancelByPolicy(db, staff, id, input.data.reason, now, requestId ?? null);
        }
        if (result !== 'invalid' && result.ok) {
          // The ticket or cancellation mail goes out now; the events job retries what fails.
          await eventDispatcher.deliverSoon(db, id);
          return redirectTo(`${opPath(astro, 'booking')}?id=${String(id)}&done=${action.data}`);
        }
        status = result === 'invalid' ? 400 : result.code === 'booking_not_found' ? 404 : 409;
        error = { action: action.data, key: result === 'invalid' ? 'op.error.invalid' : dataKey('op.error.', result.code) };
      }
    }
  }

  const file = gate.kind === 'allowed' && validId ? await bookingFile(db, id) : undefined;
  const ticket = file ? await loadTicketData(db, await getSearchIndex(db), id, locale.code, t) : undefined;
  const refund = file ? await cancellationPreview(db, id, new Date()) : undefined;
  const refunds = file ? await refundsOfBookingForStaff(db, id) : { refunds: [], attempts: [] };
  const paid = file !== undefined && isPaid(file.booking.status);
  const links = paid ? ticketLinks(locale.segment, id, Date.now()) : undefined;
  const done = actionName.safeParse(astro.url.searchParams.get('done'));
  const cutoffPassed = file?.changesCloseAt ? file.changesCloseAt.getTime() <= Date.now() : false;
  return pageView(gate, { error, file, ticket, refund, refunds, paid, links, done, cutoffPassed }, file ? status : 404);
}
