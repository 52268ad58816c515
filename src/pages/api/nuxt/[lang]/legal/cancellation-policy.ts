/** SPEC §7 legal/cancellation-policy: the cancellation policy in the request's language. */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.cancellationPolicy(context);
