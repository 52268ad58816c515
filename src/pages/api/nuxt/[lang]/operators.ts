/** SPEC §7 operators: every operator with its rating (one decimal) and transport. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.operators(context);
