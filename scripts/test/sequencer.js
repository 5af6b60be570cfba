// The order in which jest hands test files to its workers.
import Sequencer from '@jest/test-sequencer';

/** A file of jest.config.js's browser project. */
const inBrowser = (test) => test.context.config.displayName?.name === 'browser';

/**
 * Jest's order (the files that failed or took longest last time first), with the browser suites
 * spread out: one in three files handed out is a browser suite while both kinds last. Each runs
 * chromium and a server beside its worker, and three at once left the two cores so short that
 * their longest tests ran past the timeout.
 */
export default class SpreadBrowserSuites extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const browser = ordered.filter(inBrowser);
    const others = ordered.filter((test) => !inBrowser(test));
    const spread = [];
    while (browser.length > 0 || others.length > 0) {
      if (browser.length > 0) spread.push(browser.shift());
      spread.push(...others.splice(0, 2));
    }
    return spread;
  }
}
