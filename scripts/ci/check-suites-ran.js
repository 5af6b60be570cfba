// Fails CI when no test ran against the PostgreSQL server, against Redis or in the browser, or any test was
// skipped, and prints the closing tally.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const tests = report.testResults.flatMap((file) => file.assertionResults);
const onServer = tests.filter((test) => test.fullName.includes('PostgreSQL server') && test.status === 'passed');
const onRedis = tests.filter((test) => test.fullName.includes('Redis') && test.status === 'passed');
const inBrowser = report.testResults
  .filter((file) => file.name.includes('/frontend/e2e/'))
  .flatMap((file) => file.assertionResults)
  .filter((test) => test.status === 'passed');
console.log(
  `Tests that ran against the PostgreSQL server: ${onServer.length}; against Redis: ${onRedis.length}; in the browser: ${inBrowser.length}`,
);
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
if (onServer.length === 0) {
  console.error('The PostgreSQL server suites did not run: is TEST_DATABASE_URL reachable?');
  process.exit(1);
}
if (onRedis.length === 0) {
  console.error('The Redis suites did not run: is TEST_REDIS_URL reachable?');
  process.exit(1);
}
if (inBrowser.length === 0) {
  console.error('The browser suites did not run: is chromium installed?');
  process.exit(1);
}
// CI has every service and tool the suites need (nginx for the cluster test among them): none may skip.
const skipped = tests.filter((test) => test.status === 'pending' || test.status === 'skipped');
if (skipped.length > 0) {
  console.error(`Tests were skipped in CI:\n${skipped.map((test) => `  ${test.fullName}`).join('\n')}`);
  process.exit(1);
}
if (report.numFailedTests > 0 || !report.success) process.exit(1);
