// `node --import ./scripts/test/run-sources.js file.ts`: runs TypeScript sources as jest does.
import { register } from 'node:module';

register('./source-hooks.js', import.meta.url);
