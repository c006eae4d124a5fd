// @ts-check
/** Debian's Chromium, the only browser the project uses (never a downloaded one). */
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless run (no background traffic skewing the network). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  // chrome-launcher (used by Lighthouse) reads CHROME_PATH.
  process.env.CHROME_PATH = CHROMIUM_PATH;
}
