/** SPEC §7 home: network size, popular operators and places, the first travel guides. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.home(context);
