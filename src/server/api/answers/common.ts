/** Pieces the answer schemas of several features share. */
import { z } from 'zod';

export const moneySchema = z.object({
  value: z.number().meta({ description: 'Major units (12.5 = $12.50), derived from `minor`; for display.' }),
  fxcode: z.string().regex(/^[A-Z]{3}$/),
  minor: z.number().int().meta({ description: 'The exact amount in integer minor units.' }),
});

/** An instant, UTC (`toISOString()`). */
export const instant = z.iso.datetime();

/**
 * Ties a schema to the domain type its handler answers with: the code fails to type-check when
 * a value of `T` (what the service builds) is not a value the schema's type allows, so a field
 * added to the service without its schema shows up before any test runs. The schema is returned
 * as it is.
 */
export const describes =
  // T is the service's type, named by the caller: the check is the whole point of it.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  <T>() =>
    <S extends z.ZodType>(schema: S & ([T] extends [z.output<S>] ? unknown : { answerTypeNotDescribed: T })): S =>
      schema;
