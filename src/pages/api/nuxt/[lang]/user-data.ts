/** SPEC §7 GET user data: user, searchForm {from, to}, fxcode. */
import type { APIRoute } from 'astro';
import { accountRoute } from '../../../../server/accounts/route.ts';

export const prerender = false;

export const GET: APIRoute = (context) => accountRoute(context, (api) => api.userData);
