/** SPEC §7 travel/guides: the travel guides, optionally only those about one place (?place=slug). */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.guides(context);
