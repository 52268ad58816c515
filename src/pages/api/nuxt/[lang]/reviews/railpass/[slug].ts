/** SPEC §7 reviews/railpass/{pass slug}: a pass’s reviews, newest first. */
import type { APIRoute } from 'astro';
import { railpassApi } from '../../../../../../server/railpass/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => railpassApi.reviews(context);
