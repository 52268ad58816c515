/** SPEC §7 GET unsubscribe {type, email, hash}, and the RFC 8058 one-click POST to the same URL. */
import type { APIRoute } from 'astro';
import { mailPreferencesApi } from '../../../../server/mail/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => mailPreferencesApi.get(context);
export const POST: APIRoute = (context) => mailPreferencesApi.oneClick(context);
