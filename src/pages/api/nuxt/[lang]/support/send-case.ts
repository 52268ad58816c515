/** SPEC §7 support/send-case: opens a support case. */
import type { APIRoute } from 'astro';
import { supportHttp } from '../../../../../server/support/api.ts';

export const prerender = false;

export const POST: APIRoute = (context) => supportHttp.sendCase(context);
