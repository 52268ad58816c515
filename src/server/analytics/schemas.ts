/**
 * What the analytics, client-error, replay and bug-report calls accept (issue 25 items 4–6).
 * Sizes are capped so a page cannot fill the database with one beacon.
 */
import { z } from 'zod';
import { CLICK_ID_PARAMS, CLICK_PATH_MAX_ANCESTORS, EVENT_KINDS } from '../../domain/analytics/events.ts';

/** The collector's visitor and session ids (a UUID from crypto.randomUUID, or an older id of that shape). */
export const logIdSchema = z.string().regex(/^[\w-]{8,64}$/);
export const affiliateIdSchema = z.string().regex(/^[\w.-]{1,64}$/);
const pathSchema = z.string().min(1).max(500).startsWith('/');

const dataValue = z.union([z.string().max(500), z.number(), z.boolean(), z.array(z.string().max(200)).max(CLICK_PATH_MAX_ANCESTORS)]);

export const collectedEventSchema = z.object({
  kind: z.enum(EVENT_KINDS),
  at: z.number().int().nonnegative(),
  path: pathSchema,
  data: z
    .record(z.string().max(40), dataValue)
    .refine((data) => Object.keys(data).length <= 20, { message: 'at most 20 fields' })
    .optional(),
});

export const visitlogBody = z.object({
  visitor: logIdSchema,
  session: logIdSchema,
  affiliate: affiliateIdSchema.optional(),
  events: z.array(collectedEventSchema).min(1).max(100),
});
export type VisitlogBody = z.output<typeof visitlogBody>;

export const externalBody = z.object({
  visitor: logIdSchema,
  session: logIdSchema,
  affiliate: affiliateIdSchema.optional(),
  path: pathSchema,
  referrer: z.url().max(500).optional(),
  click_ids: z.partialRecord(z.enum(CLICK_ID_PARAMS), z.string().min(1).max(200)).optional(),
});
export type ExternalBody = z.output<typeof externalBody>;

export const clientErrorsBody = z.object({
  session: logIdSchema.optional(),
  errors: z
    .array(
      z.object({
        message: z.string().min(1).max(1000),
        stack: z.string().max(4000).optional(),
        source: z.string().max(500).optional(),
        path: pathSchema,
        count: z.number().int().min(1).max(10_000),
      }),
    )
    .min(1)
    .max(50),
});
export type ClientErrorsBody = z.output<typeof clientErrorsBody>;

/**
 * A replay chunk carries its rrweb events as JSON text: a DOM snapshot nests deeper than the
 * request guard lets a JSON body nest, and the server only stores it.
 */
export const replayBody = z.object({
  session: logIdSchema,
  seq: z.number().int().min(0).max(100_000),
  path: pathSchema,
  events: z
    .string()
    .max(2_000_000)
    .transform((text, ctx) => {
      try {
        const events: unknown = JSON.parse(text);
        if (Array.isArray(events) && events.length > 0) return events as unknown[];
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'a JSON array of replay events' });
      return z.NEVER;
    }),
});
export type ReplayBody = z.output<typeof replayBody>;

/** Who a bug report goes to: the staff of these roles (never an address the caller names). */
export const BUG_REPORT_ROLES = ['admin', 'manager', 'support'] as const;

export const bugReportBody = z.object({
  recipients: z.array(z.enum(BUG_REPORT_ROLES)).min(1).max(BUG_REPORT_ROLES.length),
  /** Send even when the same message was reported within the last hour. */
  force: z.boolean().default(false),
  message: z.string().trim().min(10).max(5000),
  path: pathSchema.optional(),
});
export type BugReportBody = z.output<typeof bugReportBody>;
