/** SPEC §7 analytics/visitlog: a batch of the consent-gated collector's events. */
import type { APIRoute } from 'astro';
import { analyticsApi } from '../../../../../server/analytics/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => analyticsApi.visitlog(context);
