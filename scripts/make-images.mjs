/* global Image, document -- the evaluate() callback runs in the browser */
/**
 * Encodes the bundled product, category and blog illustrations (SVG, drawn in
 * scripts/illustrations.mjs) to WebP with the Chromium the end-to-end tests already use (canvas
 * export), so no image library is needed. Run: node scripts/make-images.mjs
 * Writes apps/web/public/images/{ops,categories,blog}/*.webp.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ILLUSTRATIONS, illustrationSvg } from './illustrations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'images');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [name, theme, w, h] of ILLUSTRATIONS) {
  const dataUrl = await page.evaluate(
    async ({ markup, w, h }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      canvas.getContext('2d').drawImage(image, 0, 0, w, h);
      return canvas.toDataURL('image/webp', 0.82);
    },
    { markup: illustrationSvg(theme, w, h), w, h },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error(`${name}: this Chromium cannot encode WebP`);
  const file = join(root, `${name}.webp`);
  await mkdir(dirname(file), { recursive: true });
  const bytes = Buffer.from(dataUrl.split(',')[1], 'base64');
  await writeFile(file, bytes);
  console.info(`${name}.webp ${w}×${h} ${(bytes.length / 1024).toFixed(1)} KiB`);
}
await browser.close();
