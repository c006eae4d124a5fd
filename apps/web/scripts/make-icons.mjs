// Draws the app icons (run once, the PNGs are kept in public/icons): the favicon's "E" mark,
// rounded for the standard icons, full-bleed with the mark inside the safe zone for the
// maskable one, a white monochrome badge, and public/favicon.ico (16, 32 and 48 px, for the
// browsers and tools that ask for /favicon.ico whatever the page says). Uses the system Chromium
// through Playwright.
// Usage: node apps/web/scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const mark = '<path d="M20 18h24v6H27v5h14v6H27v5h17v6H20z" fill="#fff"/><circle cx="48" cy="46" r="4" fill="#fbbf24"/>';
const icons = [
  { file: 'icon-192.png', size: 192, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0e7490"/>${mark}</svg>` },
  { file: 'icon-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0e7490"/>${mark}</svg>` },
  // Maskable: the whole square is painted, the mark sits within the central 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/><g transform="translate(9.6 9.6) scale(0.7)">${mark}</g></svg>` },
  { file: 'apple-touch-icon.png', size: 180, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/><g transform="translate(6.4 6.4) scale(0.8)">${mark}</g></svg>` },
  // Badge (Android status bar): white on transparent.
  { file: 'badge-96.png', size: 96, svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M18 12h28v8H28v7h16v8H28v7h18v8H18z" fill="#fff"/></svg>' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(out, icon.file), omitBackground: true });
  console.log(icon.file);
}

// favicon.ico: an icon directory whose images are PNG (read by every current browser and tool).
const rounded = icons[0].svg;
const images = [];
for (const size of [16, 32, 48]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${rounded.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  images.push({ size, png: await page.locator('svg').screenshot({ omitBackground: true }) });
}
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach(({ size, png }, index) => {
  const at = 6 + 16 * index;
  header.writeUInt8(size, at);
  header.writeUInt8(size, at + 1);
  header.writeUInt16LE(1, at + 4);
  header.writeUInt16LE(32, at + 6);
  header.writeUInt32LE(png.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png.length;
});
fs.writeFileSync(path.join(out, '..', 'favicon.ico'), Buffer.concat([header, ...images.map((image) => image.png)]));
console.log('favicon.ico');
await browser.close();
