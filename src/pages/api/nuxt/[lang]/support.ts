/** SPEC §7 support: the help centre's sections, frequent questions and contact. */
import type { APIRoute } from 'astro';
import { supportHttp } from '../../../../server/support/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => supportHttp.support(context);
