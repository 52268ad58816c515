/** Field error codes of the shared validation (SPEC §5 message keys) → translation keys. */
const KEYS: Record<string, string> = {
  'field-error-required': 'checkout.errorRequired',
  'field-error-email': 'checkout.errorEmail',
  'field-phone-error': 'checkout.errorPhone',
  'field-error-too-long': 'checkout.errorTooLong',
  'field-error-date': 'checkout.errorDate',
  'field-error-date-past': 'checkout.errorDatePast',
};

export function errorKey(code: string): string {
  return KEYS[code] ?? 'checkout.errorRequired';
}
