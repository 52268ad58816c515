/**
 * Row ids are PostgreSQL `integer` (serial) columns: 1 … 2^31 − 1. A larger number sent to the
 * database is an int4 overflow (a 500), so every id from outside is bounded here first.
 */
import { z } from 'zod';

export const MAX_ROW_ID = 2_147_483_647;

/** Whether a number can be the id of a row. */
export function isRowId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID;
}

/** A row id from a query string or a JSON body (strings of digits are accepted). */
export const rowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
