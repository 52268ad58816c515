/**
 * Two client directives that keep React off a page until someone needs it (issue 23: a phone
 * downloads and runs ~64 KB gzipped of React DOM for an island nobody has touched yet):
 *
 * - `client:interaction` loads an island on the first focus, pointer or key event inside it
 *   (a hover with a mouse counts, to win a head start), holds clicks and submits made while its
 *   code loads and replays them, with anything typed meanwhile, once React has hydrated it.
 * - `client:companion="showError showLoading"` loads an island (page feedback) when another
 *   island on the page hydrates, or on the first of the named window events, which it dispatches
 *   again once the island's code has loaded (so the island must listen from its module's load).
 *
 * Astro inlines each directive into the pages that use it; `src/env.d.ts` types them.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function islandTriggers(): AstroIntegration {
  return {
    name: 'roamly:island-triggers',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: here('./interaction.ts') });
        addClientDirective({ name: 'companion', entrypoint: here('./companion.ts') });
      },
    },
  };
}
