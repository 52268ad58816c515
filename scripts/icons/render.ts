/**
 * Renders the app icons the web app manifest lists from `public/favicon.svg`, in the system
 * Chromium (the one the browser tests use), so the PNGs always match the logo:
 *
 *   node scripts/icons/render.ts
 *
 * - `icon-192.png`, `icon-512.png`: the logo on a transparent square ("any" purpose);
 * - `icon-maskable-512.png`: the logo within the central 80 % safe zone on the brand colour, so a
 *   launcher may cut it to a circle or a squircle without cutting the logo.
 *
 * Run it after changing the logo and commit the PNGs: they are source assets, not build output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { THEME_COLOR } from '../../src/styles/tokens.ts';

const svg = readFileSync('public/favicon.svg', 'utf8');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Icon {
  file: string;
  size: number;
  /** Share of the square the logo takes; the rest is the background. */
  logoShare: number;
  background: string;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, logoShare: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, logoShare: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.72, background: THEME_COLOR },
];

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const logo = Math.round(icon.size * icon.logoShare);
    await page.setContent(
      `<body style="margin:0;background:${icon.background};display:grid;place-items:center;width:${String(icon.size)}px;height:${String(icon.size)}px">` +
        svg.replace('<svg ', `<svg width="${String(logo)}" height="${String(logo)}" `) +
        '</body>',
    );
    writeFileSync(`public/${icon.file}`, await page.screenshot({ omitBackground: icon.background === 'transparent', type: 'png' }));
    await page.close();
    console.log(`public/${icon.file}: ${String(icon.size)}×${String(icon.size)}`);
  }
} finally {
  await browser.close();
}
