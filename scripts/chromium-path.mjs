import { existsSync } from 'node:fs';

/**
 * Chromium for the end-to-end tests and the bench's phone measurement: $CHROMIUM_PATH, else Debian's
 * headless shell (package chromium-headless-shell), else Debian's /usr/bin/chromium; undefined leaves
 * it to Playwright's own download. The headless shell is the old headless Chromium without the
 * browser's own UI: the whole end-to-end run took 303 s in it against 489 s in the full browser on
 * the 2-core machine (docs/decisions/034-faster-test-run.md). It cannot show a window: for --headed,
 * set CHROMIUM_PATH=/usr/bin/chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));
