// A Vitest reporter that writes down every test that passed only on a retry, one JSON line per
// test, into the file named by TEST_FLAKY_FILE. `npm test` prints them above its totals line, so a
// test that needed its retry is named in the log instead of disappearing into "passed".
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const file = process.env.TEST_FLAKY_FILE;
    const diagnostic = testCase.diagnostic();
    if (!file || !diagnostic?.flaky) return;
    const line = {
      file: relative(process.cwd(), testCase.module.moduleId),
      name: testCase.fullName,
      retries: diagnostic.retryCount,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
