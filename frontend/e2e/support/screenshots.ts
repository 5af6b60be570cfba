import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the browser suites leave their screenshots, for people to look at. */
export const screenshotDir = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });
