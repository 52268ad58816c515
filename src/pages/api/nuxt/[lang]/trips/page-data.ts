/** SPEC §7 page data of the search results page (from, to, date, people, SEO experiments). */
import type { APIRoute } from 'astro';
import { searchApi } from '../../../../../server/search/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => searchApi.pageData(context);
