/** SPEC §7 legal/privacy-policy: the privacy policy in the request's language. */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.privacyPolicy(context);
