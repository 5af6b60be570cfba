// The browser project's runner (jest.config.js). Jest runs the files of one runner after those of
// another, so the browser suites run after the rest, at most one a core at a time: each drives
// chromium and a server beside its worker (docs/testing.md).
import { availableParallelism } from 'node:os';
import TestRunner from 'jest-runner';

export default class BrowserSuitesRunner extends TestRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: Math.min(availableParallelism(), globalConfig.maxWorkers) }, context);
  }
}
