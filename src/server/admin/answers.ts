/** Success answers of the admin calls (issue 22), for the contract (src/server/api/openapi.ts) and its checks under test. */
import { z } from 'zod';
import { moneySchema } from '../api/answers.ts';
import { LEG_REASONS } from './tripInfo.ts';

const iso = z.iso.datetime();
const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
const reason = z.enum(Object.keys(LEG_REASONS) as [keyof typeof LEG_REASONS, ...(keyof typeof LEG_REASONS)[]]);

const leg = z.object({
  schedule_id: z.number().int(),
  service_date: z.iso.date(),
  operator: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  route: z.object({ id: z.number().int(), code: z.string(), vehicle_class: z.string(), external_purchase_url: z.string().nullable() }),
  schedule: z.object({
    departure_minute: z.number().int(),
    weekdays: z.number().int(),
    valid_from: z.iso.date(),
    valid_to: z.iso.date(),
    runs_on_date: z.boolean(),
  }),
  stops: z.array(
    z.object({ station_id: z.number().int(), name: z.string(), time_zone: z.string(), arr_time: localTime, dep_time: localTime }),
  ),
  departure_at: iso,
  sales_closure: z.object({ closed_at: iso, reason: z.string().nullable(), closed_by: z.number().int().nullable() }).nullable(),
  classes: z.array(
    z.object({
      travel_option_id: z.number().int(),
      class: z.string(),
      fare: z.object({ minor: z.number().int(), currency: z.string(), of: z.literal('whole route') }),
      booking_cutoff_min: z.number().int(),
      sales_open_until: iso,
      open: z.boolean(),
      seats: z.object({
        total: z.number().int(),
        held: z.number().int(),
        sold: z.number().int(),
        left: z.number().int(),
        row_created: z.boolean(),
      }),
      holds: z.array(z.object({ booking_id: z.number().int(), seats: z.number().int(), expires_at: iso, lapsed: z.boolean() })),
    }),
  ),
  reasons: z.array(reason),
});

export const ADMIN_ANSWERS = {
  tripInfo: z.object({
    key: z.string(),
    shown_in_search: z.boolean(),
    bookable: z.boolean(),
    reasons: z.array(z.union([reason, z.literal('external_in_connection')])).meta({
      description:
        'Why the trip is hidden (`not_running`, `sales_closed`, `departed`, `index_stale`, `external_in_connection`) or listed but not bookable (`external_only`, `booking_cut_off`, `sold_out`); empty when it sells.',
    }),
    legs: z.array(leg),
    search_index: z.object({
      version: z.number().int(),
      database_version: z.number().int().nullable(),
      has_trip: z.boolean(),
      bookable: z.boolean().nullable(),
      min_price: moneySchema.nullable(),
    }),
  }),
  seoList: z.object({
    overrides: z.array(
      z.object({
        path: z.string(),
        title: z.string().nullable(),
        description: z.string().nullable(),
        heading: z.string().nullable(),
        updated_at: iso,
      }),
    ),
  }),
  warmup: z.object({
    version: z.number().int(),
    index_version: z.number().int(),
    build_ms: z.number().int().min(0),
    routes: z.number().int().min(0),
    announced: z.array(z.string()),
  }),
  proxy: z.object({
    request: z.object({
      path: z.string(),
      host: z.string(),
      client: z.string(),
      partner: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
    }),
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    json: z.unknown(),
    body: z.string().nullable(),
    truncated: z.boolean(),
  }),
};

const seoRow = ADMIN_ANSWERS.seoList.shape.overrides.element;
const articleRow = z.object({
  slug: z.string(),
  lang: z.string(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  updated_at: iso,
});

export const ADMIN_CHANGE_ANSWERS = {
  seoSaved: z.object({ result: z.enum(['saved', 'removed', 'unchanged']), override: seoRow.nullable() }),
  articles: z.object({ articles: z.array(articleRow) }),
  articleChanged: z.object({ result: z.enum(['published', 'unpublished', 'unchanged']), article: articleRow.nullable() }),
};
