import { describe, expect, it } from 'vitest';
import { statusOfWebForm } from './gateway.ts';
import type { FinapiPayment, WebForm } from './shapes.ts';

const form = (status: WebForm['status'], paymentId?: number): WebForm => ({
  id: 'wf-1',
  url: 'https://webform.example/wf-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
  type: 'STANDALONE_PAYMENT',
  status,
  payload: paymentId === undefined ? {} : { paymentId },
});
const payment = (status: FinapiPayment['status'], amount = 12.5): FinapiPayment => ({
  id: 77,
  iban: 'DE02120300000000202051',
  type: 'MONEY_TRANSFER',
  amount,
  status,
});

describe('statusOfWebForm', () => {
  it('waits while the form is open or the bank has not executed the payment', () => {
    expect(statusOfWebForm(form('IN_PROGRESS'), undefined)).toEqual({ state: 'pending' });
    expect(statusOfWebForm(form('COMPLETED', 77), payment('PENDING'))).toEqual({ state: 'pending' });
  });

  it('turns a successful payment into one event with its amount in minor units (euros when finAPI names no currency)', () => {
    expect(statusOfWebForm(form('COMPLETED', 77), payment('SUCCESSFUL'))).toEqual({
      state: 'succeeded',
      eventId: 'finapi_77_SUCCESSFUL',
      amountMinor: 1250,
      currency: 'EUR',
    });
    // A value the currency cannot hold matches no payment of the shop.
    expect(statusOfWebForm(form('COMPLETED', 77), payment('SUCCESSFUL', 12.505))).toMatchObject({ amountMinor: -1 });
  });

  it('fails a cancelled or expired form, and a payment the bank refused', () => {
    expect(statusOfWebForm(form('ABORTED'), undefined)).toMatchObject({ state: 'failed', eventId: 'finapi_form_wf-1_ABORTED' });
    expect(statusOfWebForm(form('EXPIRED'), undefined)).toMatchObject({ state: 'failed', failureCode: 'expired' });
    expect(statusOfWebForm(form('COMPLETED', 77), payment('NOT_SUCCESSFUL'))).toMatchObject({
      state: 'failed',
      failureCode: 'not_successful',
    });
  });
});
