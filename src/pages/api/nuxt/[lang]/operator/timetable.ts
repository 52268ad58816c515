/** SPEC §7 operator/timetable (?slug=, optional ?place=): the operator's timetable rows. */
import type { APIRoute } from 'astro';
import { networkApi } from '../../../../../server/network/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => networkApi.operatorTimetable(context);
