// How every tool here starts Debian's chromium: the browser tests and the Lighthouse script.

/** Debian's chromium, the whole browser: Lighthouse audits the app as a student's browser loads it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's chromium-headless-shell, the same engine without the
 * browser's windows. In headless mode chromium still opens a window for each browser context,
 * with its address bar's popup loaded as a page of its own, which cost 1.4 to 2.6 CPU-s a window
 * (docs/decisions/024-browser-tests-on-the-headless-shell.md).
 */
export const headlessShellPath = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Without the background-networking flags chromium keeps dialling out, which this network refuses. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
