import type { MessageKey } from '../../i18n/messageKeys.ts';
import { FIELD_ERROR_MESSAGE, isFieldErrorCode } from '../../domain/checkout/formRules.ts';

/** A field error code of the shared validation (SPEC §5) as its translation key. */
export function errorKey(code: string): MessageKey {
  return isFieldErrorCode(code) ? FIELD_ERROR_MESSAGE[code] : 'checkout.errorRequired';
}

/**
 * The example in the phone message (`[example]`). The form shows it in its own left-to-right
 * <bdi>: in right-to-left text its digit groups would otherwise be read in reverse order.
 */
export const PHONE_EXAMPLE = '+66 81 234 5678';
