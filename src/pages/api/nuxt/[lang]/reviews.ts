/** SPEC §7 reviews (?limit=&offset=): the latest reviews. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.reviews(context);
