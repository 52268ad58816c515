/**
 * The contract's answer schema of every operation the islands' typed client calls
 * (src/domain/api/operations.ts). The type says each schema's answers can be read as the client's
 * answer type (the type check fails otherwise); clientOperations.test.ts checks that each schema is
 * the very one the operation declares in openapi.ts.
 */
import type { z } from 'zod';
import type { AnswerOf, OperationName } from '../../domain/api/operations.ts';
import { ANSWERS } from './answers.ts';
import { ACCOUNT_ANSWERS } from './answers/accounts.ts';
import { BOOKING_ANSWERS } from './answers/booking.ts';

export const CLIENT_ANSWER_SCHEMAS = {
  'trips/search': ANSWERS.tripsSearch,
  'trips/next-dates': ANSWERS.nextDates,
  'trips/facts-on-dates': ANSWERS.facts,
  'trips/recheck': ANSWERS.recheck,
  'common-data': ANSWERS.commonData,
  'typeahead/prefetch': ANSWERS.typeahead,
  'typeahead/fetch': ANSWERS.typeahead,
  'total/{hash}': ANSWERS.totals,
  'checkout/reserve/{hash}': ANSWERS.reserved,
  'pay/place-order': ANSWERS.placedOrder,
  'pay/payment-result': BOOKING_ANSWERS.paymentResult,
  user: ACCOUNT_ANSWERS.signedIn,
  register: ANSWERS.sent,
  'reset-password': ACCOUNT_ANSWERS.reset,
  'login-with-email': ANSWERS.sent,
  'login-with-google': ACCOUNT_ANSWERS.signedIn,
  'user/otpt': ACCOUNT_ANSWERS.signedIn,
  logout: ANSWERS.ok,
  'user/profile': ACCOUNT_ANSWERS.profileChanged,
  'DELETE user/profile': ANSWERS.ok,
  'user/two-factor': ACCOUNT_ANSWERS.twoFactor,
  'DELETE user/two-factor': ANSWERS.ok,
} as const satisfies { [K in OperationName]: z.ZodType<AnswerOf<K>> };
