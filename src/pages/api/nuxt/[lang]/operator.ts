/** SPEC §7 operator (?slug=): an operator with its classes, routes and latest reviews. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.operator(context);
