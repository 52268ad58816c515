/** SPEC §7 admin/tripinfo: a trip's legs, seats, holds and why search shows it or not (staff). */
import type { APIRoute } from 'astro';
import { adminHttp } from '../../../../../server/admin/http.ts';

export const prerender = false;

export const GET: APIRoute = (context) => adminHttp.tripInfo(context);
