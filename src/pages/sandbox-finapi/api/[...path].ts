/**
 * The local finAPI sandbox's REST API (src/server/payment/finapi/sandbox.ts): what the shop calls
 * when FINAPI_API_URL and FINAPI_WEBFORM_URL are unset. Not part of the shop's API; it stands in
 * for sandbox.finapi.io (Access) and webform-sandbox.finapi.io (Web Form 2.0).
 */
import type { APIRoute } from 'astro';
import { finapiSandbox } from '../../../server/payment/finapi/instance.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => (await finapiSandbox()).handle(request);
