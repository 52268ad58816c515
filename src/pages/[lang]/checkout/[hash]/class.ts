/**
 * The checkout page's "Change class" form (works without JavaScript): the same change as the
 * checkout/class API, then back to the trip with what happened (`class=changed` or the reason).
 */
import type { APIRoute } from 'astro';
import { changeClassFromForm } from '../../../../server/checkout/pages.ts';

export const prerender = false;

export const POST: APIRoute = async ({ params, request, locals, redirect }) =>
  redirect(await changeClassFromForm({ hashParam: params.hash, request, locals }), 303);
