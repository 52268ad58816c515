/**
 * The local Yuno sandbox's REST API (src/server/payment/yuno/sandbox.ts): what the shop calls
 * when YUNO_API_URL is unset. Not part of the shop's API; it stands in for api-sandbox.y.uno.
 */
import type { APIRoute } from 'astro';
import { yunoSandbox } from '../../../server/payment/yuno/instance.ts';

export const prerender = false;

export const ALL: APIRoute = async ({ request }) => (await yunoSandbox()).handle(request);
