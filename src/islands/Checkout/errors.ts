/** Field error codes of the shared validation (SPEC §5 message keys) → translation keys. */
const KEYS: Readonly<Record<string, MessageKey>> = {
  'field-error-required': 'checkout.errorRequired',
  'field-error-email': 'checkout.errorEmail',
  'field-phone-error': 'checkout.errorPhone',
  'field-error-too-long': 'checkout.errorTooLong',
  'field-error-date': 'checkout.errorDate',
  'field-error-date-past': 'checkout.errorDatePast',
};

export function errorKey(code: string): MessageKey {
  return KEYS[code] ?? 'checkout.errorRequired';
}

/**
 * The example in the phone message (`[example]`). The form shows it in its own left-to-right
 * <bdi>: in right-to-left text its digit groups would otherwise be read in reverse order.
 */
import type { MessageKey } from '../../i18n/messageKeys.ts';
export const PHONE_EXAMPLE = '+66 81 234 5678';
