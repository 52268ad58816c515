/** SPEC §7 admin/article: support articles published without a deploy (managers). */
import type { APIRoute } from 'astro';
import { adminHttp } from '../../../../../server/admin/http.ts';

export const prerender = false;

export const GET: APIRoute = (context) => adminHttp.articleList(context);
export const POST: APIRoute = (context) => adminHttp.articleChange(context);
