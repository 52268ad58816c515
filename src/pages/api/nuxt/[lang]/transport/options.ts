/** SPEC §7 transport/options: the ways to travel, with the guides for each. */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.transportOptions(context);
