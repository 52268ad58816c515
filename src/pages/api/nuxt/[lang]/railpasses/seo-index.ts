/** SPEC §7 railpasses SEO index: every rail pass page path. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.seoIndex(context);
