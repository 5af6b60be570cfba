import { jest } from '@jest/globals';

// A step drives chromium beside a server and runs axe in both themes: on two busy cores one took
// past the 30 s that other tests get (jest.config.js).
jest.setTimeout(60_000);
