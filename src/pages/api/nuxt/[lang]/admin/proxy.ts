/** SPEC §7 admin/proxy: what a partner's host or an app gets for a path, for debugging (staff). */
import type { APIRoute } from 'astro';
import { adminHttp } from '../../../../../server/admin/http.ts';

export const prerender = false;

export const GET: APIRoute = (context) => adminHttp.proxy(context);
