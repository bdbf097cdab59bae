// The restore command's reading of `--to`: a moment with its zone, or a refusal before anything
// is copied. The restore itself runs against real servers in reliability check 17.
import { describe, expect, it } from 'vitest';
import { parseRestoreTarget, restoreCommand } from './postgres-restore-command.ts';

describe('parseRestoreTarget', () => {
  it.each([
    ['2026-12-06 12:00:00+00', '2026-12-06T12:00:00.000Z'],
    ['2026-12-06T12:00:00Z', '2026-12-06T12:00:00.000Z'],
    ['2026-12-06 12:00+00', '2026-12-06T12:00:00.000Z'],
    ['2026-12-06 13:30:00.25+0130', '2026-12-06T12:00:00.250Z'],
    ['2026-12-06 07:00:00.123456-05:00', '2026-12-06T12:00:00.123Z'],
    ['  2026-12-06 12:00:00z ', '2026-12-06T12:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    const target = parseRestoreTarget(text);
    expect(target?.at.toISOString()).toBe(iso);
    // PostgreSQL gets the text as given: it keeps the microseconds a Date would round.
    expect(target?.text).toBe(text.trim());
  });

  it.each([
    '2026-12-06 12:00:00',
    '2026-12-06',
    'yesterday',
    '2026-13-06 12:00:00+00',
    '2026-12-06 12:00:00 Europe/Prague',
    '',
  ])('refuses %j', (text) => {
    expect(parseRestoreTarget(text)).toBeUndefined();
  });
});

describe('restoreCommand', () => {
  const options = { dir: '/nonexistent/estately-cluster/postgres', base: 29_000, log: () => {} };

  it('asks for --to', async () => {
    await expect(restoreCommand([], options)).rejects.toThrow(/usage: npm run cluster -- restore --to/);
  });

  it('refuses a time without a zone, and one in the future', async () => {
    await expect(restoreCommand(['--to', '2026-12-06 12:00:00'], options)).rejects.toThrow(/time zone/);
    await expect(restoreCommand(['--to=2999-01-01 00:00:00Z'], options)).rejects.toThrow(/future/);
  });

  it('refuses a folder that holds no cluster database', async () => {
    await expect(restoreCommand(['--to', '2020-01-01 00:00:00Z'], options)).rejects.toThrow(
      /no cluster database in \/nonexistent/,
    );
  });
});
