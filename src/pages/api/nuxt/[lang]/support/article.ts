/** SPEC §7 support/article: one support article (?slug= or ?path=). */
import type { APIRoute } from 'astro';
import { supportHttp } from '../../../../../server/support/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => supportHttp.article(context);
