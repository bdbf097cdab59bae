import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { rowIdOf } from './row-id.ts';

describe('rowIdOf', () => {
  it('reads a positive whole number of up to 16 digits', () => {
    expect(rowIdOf('1')).toBe(1);
    expect(rowIdOf('9007199254740')).toBe(9007199254740);
    expect(rowIdOf('1234567890123456')).toBe(1234567890123456);
  });

  it.each(['0', '01', '-1', '1.5', '1e3', '', ' 1', '12345678901234567', 'abc'])(
    'answers not found for %j',
    (text) => {
      expect(() => rowIdOf(text)).toThrowError(AppError);
      try {
        rowIdOf(text);
      } catch (error) {
        expect((error as AppError).code).toBe('not_found');
      }
    },
  );
});
