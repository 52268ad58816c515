import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../i18n/locales.ts';
import { messagesFor } from '../../i18n/messages.ts';
import { API_ERROR_CODES, API_ERRORS } from './catalogue.ts';
import { ApiError, errorResponse } from './errors.ts';

const t = (key: string) => `text of ${key}`;

describe('the error catalogue', () => {
  it('has a message for every code in all 24 locales', () => {
    const missing = LOCALE_CODES.flatMap((code) => {
      const messages = messagesFor(code);
      return API_ERROR_CODES.filter((error) => !messages[`apiError.${error}`]?.trim()).map((error) => `${code}: apiError.${error}`);
    });
    expect(missing).toEqual([]);
  });

  it('gives each code one status, as decided where a code used to have two (docs/ARCHITECTURE.md, "Errors")', () => {
    expect({
      invalid_code: API_ERRORS.invalid_code.status,
      invalid_link: API_ERRORS.invalid_link.status,
      captcha_failed: API_ERRORS.captcha_failed.status,
      invalid_ticket_link: API_ERRORS.invalid_ticket_link.status,
      invalid_booking_form: API_ERRORS.invalid_booking_form.status,
      invalid_class: API_ERRORS.invalid_class.status,
      invalid_webhook: API_ERRORS.invalid_webhook.status,
      invalid_signature: API_ERRORS.invalid_signature.status,
      booking_busy: API_ERRORS.booking_busy.status,
      transition_not_allowed: API_ERRORS.transition_not_allowed.status,
    }).toEqual({
      invalid_code: 401,
      invalid_link: 401,
      captcha_failed: 401,
      invalid_ticket_link: 403,
      invalid_booking_form: 422,
      invalid_class: 422,
      invalid_webhook: 400,
      invalid_signature: 401,
      booking_busy: 503,
      transition_not_allowed: 409,
    });
  });

  it('renders a thrown error with its status, translated message, fields, extra fields and headers', async () => {
    const money = { value: 12.5, fxcode: 'USD', minor: 1250 };
    const error = new ApiError('price_changed', {
      fields: { 'passengers.0.full_name': ['field-error-required'] },
      extra: { old_total: money, new_total: money },
      headers: { 'retry-after': '1' },
    });
    const response = errorResponse(t, error);
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body).toEqual({
      error: {
        code: 'price_changed',
        message: 'text of apiError.price_changed',
        fields: { 'passengers.0.full_name': ['field-error-required'] },
        old_total: money,
        new_total: money,
      },
    });
    // The extra fields are the ones the catalogue allows for the code.
    expect(API_ERRORS.price_changed.extra.strict().safeParse({ old_total: money, new_total: money }).success).toBe(true);
  });

  it('never lets extra fields overwrite the code or the message', async () => {
    const response = errorResponse(t, new ApiError('sold_out', { extra: { code: 'other', message: 'spoofed' } }));
    expect(await response.json()).toEqual({ error: { code: 'sold_out', message: 'text of apiError.sold_out' } });
  });
});
