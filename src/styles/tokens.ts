/**
 * Design constants that JavaScript needs (CSS media queries cannot read custom properties,
 * so the breakpoints live here and are mirrored in global.css). SPEC §9.
 */
export const BREAKPOINTS = { xs: 360, sm: 768, md: 992, lg: 1200, xl: 1340 } as const;
export const DEFAULT_BREAKPOINT: keyof typeof BREAKPOINTS = 'lg';
export const THEME_COLOR = '#35aa47';
export const HEADER_HEIGHT_PX = 52;
export const RADIUS_PX = 4;

/** Partner colour themes (white label). `data-theme` on <html> selects one. */
export const PARTNER_THEMES = ['blue', 'beige', 'cinnabar', 'cranberry', 'orange', 'red', 'brand', 'light-violet', 'green'] as const;
export type PartnerTheme = (typeof PARTNER_THEMES)[number];
