/** SPEC §7 admin/seo: per-page search-engine title, description and heading (Admin). */
import type { APIRoute } from 'astro';
import { adminHttp } from '../../../../../server/admin/http.ts';

export const prerender = false;

export const GET: APIRoute = (context) => adminHttp.seoList(context);
export const POST: APIRoute = (context) => adminHttp.seoSave(context);
