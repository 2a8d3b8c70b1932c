/**
 * Debian's Chromium as the tests and `npm run lighthouse` start it: no sandbox (root in a container), and
 * nothing that reaches out to the internet on its own (these machines have none).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
