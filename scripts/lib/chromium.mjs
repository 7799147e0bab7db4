/** Where the tests and the benchmark find Debian's Chromium, and the flags it needs on a closed network. */
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

/** CHROME_PATH, else /usr/bin/chromium, when it exists. */
export function findChromium() {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}
