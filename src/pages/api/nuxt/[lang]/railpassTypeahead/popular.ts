/** SPEC §7 railpassTypeahead/popular: the most popular passes. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.popular(context);
