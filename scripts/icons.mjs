/**
 * Renders the web app manifest's PNG icons from public/favicon.svg (run by hand after the logo
 * changes: `node scripts/icons.mjs`; the PNGs are committed, so the build needs no rasteriser).
 * - icon-192.png, icon-512.png: the favicon as it is (purpose "any").
 * - maskable-512.png: a full-bleed square with the logo's mark inside the 80 % safe circle, so
 *   a platform's circle or squircle mask never cuts it (purpose "maskable").
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'public', 'icons');
const favicon = readFileSync(join(ROOT, 'public', 'favicon.svg'), 'utf8');

// The favicon's disc becomes the background; its mark shrinks to 70 % about the centre.
const mark = favicon.match(/<path[\s\S]*<\/svg>/)?.[0].replace('</svg>', '');
if (!mark) throw new Error('public/favicon.svg: no <path> mark found');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#326ce5"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${mark}</g></svg>`;

const found = ensureChromium();
if (!found.ok) throw new Error(found.message);
const browser = await chromium.launch({ executablePath: found.path, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  /** @type {{ file: string, svg: string, size: number }[]} */
  const icons = [
    { file: 'icon-192.png', svg: favicon, size: 192 },
    { file: 'icon-512.png', svg: favicon, size: 512 },
    { file: 'maskable-512.png', svg: maskable, size: 512 },
  ];
  for (const { file, svg, size } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(OUT, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`public/icons/${file}`);
  }
} finally {
  await browser.close();
}
