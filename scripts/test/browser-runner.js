// The browser project's runner (jest.config.js). Jest runs one runner's files before or after
// another's, never beside them, so the browser suites run apart, `browserWorkers` at a time: each
// drives chromium and a server beside its worker (docs/testing.md).
import TestRunner from 'jest-runner';
import { browserWorkers } from '../../jest.config.js';

export default class BrowserSuitesRunner extends TestRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: Math.min(browserWorkers, globalConfig.maxWorkers) }, context);
  }
}
