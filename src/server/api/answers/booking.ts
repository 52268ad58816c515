/** Success answers about a booking after checkout: payment state, the receipt, passenger changes. */
import { z } from 'zod';
import type { PassengerChangeOutcome } from '../../selfservice/passengerChanges.ts';
import type { BookingPaymentView, PaymentResult } from '../../payment/result.ts';
import type { TicketData } from '../../tickets/data.ts';
import { describes, instant, moneySchema } from './common.ts';

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

export const bookingPaymentView = describes<BookingPaymentView>()(
  z.object({
    id: z.uuid(),
    status: z.string(),
    total: moneySchema,
    hold_expires_at: instant,
    payment: z
      .object({
        paygate: z.string(),
        status: z.string(),
        failure_code: z.string().nullable(),
        reference: z.string().nullable().meta({ description: 'The code to pay at the counter (counter paygate only).' }),
        expires_at: instant.nullable(),
      })
      .nullable()
      .meta({ description: "The booking's latest payment, null before one is placed." }),
  }),
);

export const paymentResultAnswer = describes<PaymentResult>()(
  bookingPaymentView.extend({
    final: z.boolean().meta({ description: 'Nothing more will change without the traveller (paid, failed, expired, refunded).' }),
    paid: z.boolean(),
    success_url: z.string().nullable(),
  }),
);

const station = z.object({ id: z.number().int(), name: z.string(), local_name: z.string() });
/** The ticket's printed facts (server/tickets/data.ts TicketData). */
const receipt = describes<TicketData>()(
  z.object({
    id: z.number().int(),
    reference: z.string(),
    status: z.string(),
    lang: z.string(),
    email: z.string().nullable(),
    people: z.number().int().positive(),
    total: moneySchema,
    refundMinor: z.number().int().nullable(),
    passengers: z.array(z.string()),
    legs: z.array(
      z.object({
        from: station,
        to: station,
        dep_time: localDateTime,
        arr_time: localDateTime,
        departure_time_zone: z.string(),
        arrival_time_zone: z.string(),
        operator: z.object({ id: z.number().int(), name: z.string(), confirmation: z.enum(['instant', 'manual']) }).nullable(),
        class_name: z.string(),
        vehclass: z.string().nullable(),
        price: moneySchema,
        departure_at: instant,
        arrival_at: instant,
        instructions: z.string(),
        seats: z.array(z.string()),
      }),
    ),
    products: z.array(
      z.object({
        title: z.string(),
        details: z.array(z.string()),
        validFrom: z.iso.date(),
        validUntil: z.iso.date().nullable(),
        holders: z.array(z.string()).optional(),
      }),
    ),
  }),
);

export const BOOKING_ANSWERS = {
  pay: z.object({
    booking: bookingPaymentView,
    paygates: z.array(z.object({ code: z.string(), type: z.string(), name: z.string() })),
  }),
  paymentResult: paymentResultAnswer,
  receipt: z.object({
    receipt,
    refund_preview: z
      .object({ cancellable: z.boolean(), full: z.boolean(), amount: moneySchema, full_refund_until: instant.nullable() })
      .nullable(),
  }),
  passengersChanged: describes<PassengerChangeOutcome>()(
    z.discriminatedUnion('status', [
      z.object({ status: z.literal('reissued') }),
      z.object({ status: z.literal('requested'), requestId: z.number().int() }),
    ]),
  ),
} as const;

export type PaymentResultAnswer = z.output<typeof paymentResultAnswer>;
export type PayAnswer = z.output<typeof BOOKING_ANSWERS.pay>;
export type ReceiptAnswer = z.output<typeof BOOKING_ANSWERS.receipt>;
