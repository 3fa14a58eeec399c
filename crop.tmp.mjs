import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
// crop.tmp.mjs in.png out.png x y w h
const [input, output, x, y, w, h] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.setContent(`<body style="margin:0;overflow:hidden"><img style="position:absolute;left:-${x}px;top:-${y}px" src="data:image/png;base64,${readFileSync(input).toString('base64')}"></body>`);
await page.waitForTimeout(200);
await page.screenshot({ path: output });
await browser.close();
