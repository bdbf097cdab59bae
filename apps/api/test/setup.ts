// Setup of every API test file (vitest.config.ts, project api).
import { describePgOverlaps, takePgOverlaps } from '@estately/db/testing';
import { afterAll, afterEach } from 'vitest';

// On PostgreSQL, a test whose flows sent a statement to a client still busy with another (one
// transaction's queries under Promise.all) fails, naming the statements: pg 9 refuses them
// (packages/db/src/pg-overlap-guard.ts). On PGlite nothing is recorded.
function failOnOverlaps(when: string): void {
  const overlaps = takePgOverlaps();
  if (overlaps.length === 0) return;
  throw new Error(
    `${overlaps.length} statement(s) sent to a PostgreSQL client busy with another ${when}; ` +
      `run them one after another:\n${describePgOverlaps(overlaps)}`,
  );
}

afterEach(() => failOnOverlaps('during this test'));
// Work a test left running (a job, a write after the response) is caught at the file's end.
afterAll(() => failOnOverlaps('after the last test of this file'));
