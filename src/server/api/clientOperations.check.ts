/**
 * Compile-time half of the client's link to the contract: for each client operation with an
 * answer schema, what the schema lets the server answer must be readable as the client's answer
 * type (`npm run check` / tsc fail otherwise). Nothing here runs.
 */
import type { z } from 'zod';
import type { AnswerOf } from '../../domain/api/operations.ts';
import type { ANSWERS } from './answers.ts';

/** True when every answer the schema allows is one the client type describes. */
type Readable<Schema extends z.ZodType, Client> = z.output<Schema> extends Client ? true : false;

export const clientAnswersReadable: [
  Readable<typeof ANSWERS.nextDates, AnswerOf<'trips/next-dates'>>,
  Readable<typeof ANSWERS.recheck, AnswerOf<'trips/recheck'>>,
  Readable<typeof ANSWERS.totals, AnswerOf<'total/{hash}'>>,
  Readable<typeof ANSWERS.reserved, AnswerOf<'checkout/reserve/{hash}'>>,
] = [true, true, true, true];
