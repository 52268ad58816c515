/** SPEC §7 bug report (recipients, force, message): mailed to the staff of the roles named. */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../server/analytics/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => analyticsApi.bugReport(context);
