/** SPEC §7 support/change-passengers-details: the traveller corrects passenger names or documents. */
import type { APIRoute } from 'astro';
import { selfServiceApi } from '../../../../../server/selfservice/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => selfServiceApi.changePassengers(context);
