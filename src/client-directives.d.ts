/** Types of our client directives (integrations/island-triggers). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first focus, pointer or key event inside the island; with cookie names
     * (space-separated), also when the browser is idle if one of them is set.
     */
    'client:interaction'?: boolean | string;
    /** Hydrate when another island hydrates, or on the first of these window events (space-separated). */
    'client:companion'?: string;
  }
}
