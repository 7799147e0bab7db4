/** Where the browser tests find Chromium, and the flags it needs on a closed network. */
import {existsSync} from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function findChromium(): string | null {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}
