/** SPEC §7 support/articles: the support articles, optionally of one section (?category=). */
import type { APIRoute } from 'astro';
import { supportHttp } from '../../../../../server/support/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => supportHttp.articles(context);
