// The decisions of `npm run bench -- --growth N` (scripts/bench/growth-plan.ts): the second
// database's name, when a database is reused rather than seeded again, and the seeding note
// kept on a database. The step itself is run by hand (docs/benchmarks.md): it seeds databases
// of a million offers.
import { describe, expect, test } from 'vitest';
import {
  grownDatabaseName,
  readSeedingNote,
  reuses,
  seedingNote,
  sizeLabel,
} from '../../scripts/bench/growth-plan.ts';

describe('the growth step of the benchmark', () => {
  test('names the second database after its size', () => {
    expect(sizeLabel(5_000_000)).toBe('5m');
    expect(sizeLabel(200_000)).toBe('200k');
    expect(sizeLabel(1_500_000)).toBe('1500k');
    expect(sizeLabel(12_345)).toBe('12345');
    expect(grownDatabaseName('estately_bench', 5_000_000)).toBe('estately_bench_5m');
    expect(grownDatabaseName('estately_bench', 5_000_000, 'bench_big')).toBe('bench_big');
  });

  test('never measures the base database twice or a name PostgreSQL would need quoted', () => {
    expect(() => grownDatabaseName('estately_bench', 1, 'estately_bench')).toThrow(
      /other than estately_bench/,
    );
    expect(() => grownDatabaseName('estately_bench', 1, 'Bench-5M')).toThrow(/lower-case identifier/);
    expect(() => grownDatabaseName('estately_bench', 1, 'x"; drop database y; --')).toThrow();
  });

  test('reuses the base whatever its size, the grown database only at its size', () => {
    expect(reuses({ properties: 1_000_000, wanted: 20_000, anySize: true, reseed: false })).toBe(true);
    expect(reuses({ properties: 4_999_999, wanted: 5_000_000, anySize: false, reseed: false })).toBe(false);
    expect(reuses({ properties: 5_000_000, wanted: 5_000_000, anySize: false, reseed: false })).toBe(true);
    // Empty or missing: seeded. --reseed: seeded whatever it holds.
    expect(reuses({ properties: 0, wanted: 0, anySize: true, reseed: false })).toBe(false);
    expect(reuses({ properties: 5_000_000, wanted: 5_000_000, anySize: false, reseed: true })).toBe(false);
    expect(reuses({ properties: 1_000_000, wanted: 1_000_000, anySize: true, reseed: true })).toBe(false);
  });

  test('reads back the seeding note it writes, and nothing else', () => {
    const note = seedingNote({ seconds: 2_345.678, at: '2026-12-06T12:00:00.000Z' });
    // Written into COMMENT ON DATABASE as a literal: no quote may appear in it.
    expect(note).not.toContain("'");
    expect(readSeedingNote(note)).toEqual({ seconds: 2_345.7, at: '2026-12-06T12:00:00.000Z' });
    expect(readSeedingNote(null)).toBeUndefined();
    expect(readSeedingNote('seeded by hand')).toBeUndefined();
    expect(readSeedingNote('{"seconds":"12"}')).toBeUndefined();
    expect(readSeedingNote('null')).toBeUndefined();
  });
});
