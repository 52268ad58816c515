/** SPEC §7 railpasses/pageData: a rail pass destination (and operator) page’s data. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.pageData(context);
