/** SPEC §7 reviews/operator/{operator slug}: an operator's reviews, newest first. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.operatorReviews(context);
