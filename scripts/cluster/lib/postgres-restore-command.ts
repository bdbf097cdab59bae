// `npm run cluster -- restore --to "2026-12-06 12:00:00+00"`: point-in-time recovery of the
// cluster's database from its pgBackRest repository into a new data folder beside the running
// pair, served on base+15. The running primary and replica are left as they are; the restored
// copy keeps running after the command ends, until stopped with the command it prints.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PostgresPair, type RestoredServer } from './postgres.ts';
import { PgServer, sql } from './postgres-server.ts';

export interface RestoreTarget {
  /** The target as given, handed to PostgreSQL's recovery_target_time. */
  text: string;
  at: Date;
}

/**
 * Reads a recovery target: a date and time WITH its time zone (`2026-12-06 12:00:00+00`,
 * `2026-12-06T12:00:00.5Z`, `2026-12-06 13:00+01:00`). Without a zone the server's own setting
 * would decide which moment is meant.
 */
export function parseRestoreTarget(text: string): RestoreTarget | undefined {
  const match =
    /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i.exec(
      text.trim(),
    );
  if (!match) return undefined;
  const [, date, time, zone = 'Z'] = match;
  const offset = /^z$/i.test(zone)
    ? 'Z'
    : zone.length === 3
      ? `${zone}:00`
      : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const at = new Date(`${date}T${time}${offset}`);
  return Number.isNaN(at.getTime()) ? undefined : { text: text.trim(), at };
}

export interface RestoreCommandOptions {
  /** The cluster's PostgreSQL folder (the PostgresPair's `dir`). */
  dir: string;
  /** The cluster's port base: the restored copy listens on base+15. */
  base: number;
  log?: (line: string) => void;
}

/** Runs the restore for the arguments after `restore` (`--to TIME`); throws a readable error. */
export async function restoreCommand(
  args: string[],
  options: RestoreCommandOptions,
): Promise<RestoredServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const toIndex = args.findIndex((arg) => arg === '--to' || arg.startsWith('--to='));
  const raw =
    toIndex < 0
      ? undefined
      : args[toIndex]?.startsWith('--to=')
        ? args[toIndex]?.slice(5)
        : args[toIndex + 1];
  if (!raw) throw new Error('usage: npm run cluster -- restore --to "2026-12-06 12:00:00+00"');
  const target = parseRestoreTarget(raw);
  if (!target)
    throw new Error(`--to "${raw}": give a date and time with its time zone, e.g. "2026-12-06 12:00:00+00"`);
  if (target.at.getTime() > Date.now()) throw new Error(`--to "${raw}" lies in the future`);

  const port = options.base + 15;
  const pair = new PostgresPair({
    dir: options.dir,
    primaryPort: options.base + 10,
    replicaPort: options.base + 11,
  });
  if (!pair.initialised || !existsSync(pair.backrest.configFile))
    throw new Error(`no cluster database in ${pair.dir}: start the cluster (npm run cluster) first`);

  // One restored copy at a time holds base+15; an earlier one is the operator's to keep or drop.
  for (const entry of readdirSync(pair.dir)) {
    if (!entry.startsWith('restored-')) continue;
    const earlier = new PgServer({
      dataDir: path.join(pair.dir, entry),
      port,
      socketDir: '',
      name: 'estately-restored',
    });
    if (earlier.postmasterPid())
      throw new Error(
        `a restored copy already runs in ${earlier.options.dataDir}; stop it first:\n  ${stopCommand(earlier)}`,
      );
  }

  const { backups } = await pair.backrest.info();
  const oldest = backups[0];
  if (!oldest) throw new Error('the repository holds no backup yet');
  // pgBackRest keeps stop times in whole seconds and takes for a target a backup that stopped
  // before the target's second: a target in the oldest backup's last second finds none.
  const earliest = new Date(oldest.stoppedAt.getTime() + 1_000);
  if (target.at < earliest)
    throw new Error(
      `the oldest backup (${oldest.label}) ends at ${oldest.stoppedAt.toISOString()}: a restore reaches only times from ${earliest.toISOString()} on`,
    );

  // WAL still in the primary's current segment is archived first, so a target of a few seconds
  // ago is restorable too. A stopped primary archived everything when it shut down.
  // Recovery to a time stops at the first commit after it, and refuses to end without one
  // ("recovery ended before configured recovery target was reached"): on a quiet primary the
  // last commit may precede the target, so one empty transaction that takes a transaction id
  // (and so writes a commit record stamped now) is committed before the switch.
  if (pair.primary.postmasterPid()) {
    await sql(pair.primaryUrl, 'SELECT pg_current_xact_id()').catch(() => undefined);
    await pair.archiveNow().catch(() => undefined);
  }

  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const dir = path.join(pair.dir, `restored-${stamp}`);
  log(`Restoring the cluster's database to ${target.text} into ${dir} ...`);
  const restored = await pair.restore({ time: target.text, port, dir, keepRunning: true });
  const server = new PgServer({ dataDir: dir, port, socketDir: '', name: 'estately-restored' });
  log(
    `Restored in ${restored.seconds.toFixed(1)} s: PostgreSQL on 127.0.0.1:${port}, promoted, WAL archiving off.`,
  );
  log('The running cluster is untouched. To run an API against the restored copy:');
  log(`  DATABASE_URL=${restored.url}`);
  log('(leave DATABASE_READ_URL unset: the copy has no replica). To stop the copy:');
  log(`  ${stopCommand(server)}`);
  log(`and to drop it: rm -rf ${dir} ${server.logFile}`);
  return restored;
}

function stopCommand(server: PgServer): string {
  return `runuser -u postgres -- ${path.join(server.bin, 'pg_ctl')} -D ${server.options.dataDir} -m fast stop`;
}
