/** Success answers of the content calls (SPEC §7: legal/*, travel/guides, about, transport/options; server/content/api.ts). */
import { z } from 'zod';
import { VEHICLE_CLASSES } from '../../../domain/search/vehicleClasses.ts';

/** A page of the content store in the asked language, or in English with `fallback`. */
const contentPage = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  html: z.string(),
  updated: z.iso.date(),
  lang: z.string(),
  fallback: z.boolean().meta({ description: 'The page is the English text: there is none in the asked language.' }),
  url: z.string(),
});

export const CONTENT_ANSWERS = {
  contentPage,
  guides: z.object({
    guides: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        summary: z.string(),
        places: z.array(z.string()),
        vehclasses: z.array(z.enum(VEHICLE_CLASSES)),
        updated: z.iso.date(),
        fallback: z.boolean(),
        url: z.string(),
      }),
    ),
  }),
  about: contentPage.extend({
    stats: z.object({ places: z.number().int(), stations: z.number().int(), operators: z.number().int() }),
  }),
  transportOptions: contentPage.extend({
    classes: z.array(z.object({ id: z.enum(VEHICLE_CLASSES), name: z.string(), text: z.string(), guides: z.array(z.string()) })),
  }),
} as const;

export type ContentPageAnswer = z.output<typeof contentPage>;
export type GuidesAnswer = z.output<typeof CONTENT_ANSWERS.guides>;
