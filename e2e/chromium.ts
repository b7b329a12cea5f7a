/**
 * How every browser suite launches Debian's Chromium (stack-notes: never a downloaded browser).
 * Without the background-networking flags Chromium hammers the closed network at every start.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
