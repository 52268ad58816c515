/** SPEC §3 common data: vehicle classes, operators and stations. */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.commonData(context);
