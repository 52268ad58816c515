/** SPEC §7 about: the about page and the network's size. */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.about(context);
