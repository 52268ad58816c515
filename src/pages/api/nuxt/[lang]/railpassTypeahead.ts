/** SPEC §7 railpassTypeahead: destinations and passes matching a query. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.typeahead(context);
