/**
 * Content collections (Astro content layer). Everything editors publish lives in content/ as
 * files; the schemas are in src/domain/content/schemas.ts so unit tests check the same rules.
 * Ids keep the file's path as written (`zh-CN/bangkok-to-koh-tao`), because the first folder is
 * the locale code and the fallback logic (src/domain/content/localized.ts) reads it back.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { guideSchema, pageSchema, supportArticleSchema, titlesSchema } from './domain/content/schemas.ts';

const pathId = ({ entry }: { entry: string }): string => entry.replace(/\.(md|json)$/, '');

export const collections = {
  guides: defineCollection({ loader: glob({ pattern: '*/*.md', base: './content/guides', generateId: pathId }), schema: guideSchema }),
  support: defineCollection({
    loader: glob({ pattern: '*/*.md', base: './content/support', generateId: pathId }),
    schema: supportArticleSchema,
  }),
  pages: defineCollection({ loader: glob({ pattern: '*/*.md', base: './content/pages', generateId: pathId }), schema: pageSchema }),
  titles: defineCollection({ loader: glob({ pattern: '*.json', base: './content/titles', generateId: pathId }), schema: titlesSchema }),
};
