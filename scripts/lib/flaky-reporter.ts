// A Vitest reporter that writes down every test that passed only on a retry, one JSON line per
// test, into the file named by TEST_FLAKY_FILE: the test, how many retries it took and the first
// line of the error its first failed attempt threw, with the test file's line it came from. `npm
// test` prints them above its totals line, so a test that needed its retry is named in the log,
// with why, instead of disappearing into "passed".
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const file = process.env.TEST_FLAKY_FILE;
    const diagnostic = testCase.diagnostic();
    if (!file || !diagnostic?.flaky) return;
    const moduleFile = relative(process.cwd(), testCase.module.moduleId);
    const error = testCase.attempts().find((attempt) => attempt.state === 'failed')?.errors?.[0];
    // The stack's first frame in the test's own file says which step gave way.
    const frame = error?.stack
      ?.split('\n')
      .map((text) => text.match(/\(?(?:file:\/\/)?([^\s()]+):(\d+):\d+\)?$/))
      .find((match) => match && relative(process.cwd(), match[1] ?? '') === moduleFile);
    const line = {
      file: moduleFile,
      name: testCase.fullName,
      retries: diagnostic.retryCount,
      error: error
        ? `${(error.message ?? '').split('\n')[0]?.slice(0, 300)}${frame ? ` (line ${frame[2]})` : ''}`
        : undefined,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
