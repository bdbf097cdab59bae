// Check 17 (issue 41, check 6): the restore drill of the cluster's PostgreSQL (decision 058).
//
// A primary and its streaming replica (scripts/cluster/lib/postgres.ts) with pgBackRest, in a
// temporary folder on ports 27060 (primary), 27061 (replica) and 27065 (the restored copy):
// the product schema is migrated on the primary and backed up in full; accounts A are written
// and committed; T is read from the primary's clock; accounts B are written, one account of A
// is deleted and another renamed; the WAL holding all that is archived. A point-in-time restore
// to T into a new data folder must hold exactly the accounts A, as they were at T, and none of
// B; the replica, which streams, must hold the state after B. Photos: an account's picture is
// uploaded to the object storage (s3rver on 27063) before T and replaced after T, its old file
// deleted, as the product does; the bucket's copy-only mirror (the cluster's bucket backup)
// still holds the old file, and copying the mirror back gives the restored database every
// file it points at. Figures: backup time and size, restore time, WAL archive lag, replica
// catch-up, bucket mirror.
//
//   RELIABILITY_BACKUP_PORT_BASE   base of the ports (default 27050: +10, +11, +13, +15)
//   RELIABILITY_BACKUP_ROWS        accounts in each of A and B (default 200)
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgres, migrate, S3MediaStorage } from '@estately/db';
import S3rver from 's3rver';
import { mirrorBucketFolder } from '../../cluster/lib/backup.ts';
import { PostgresPair, type RestoredServer } from '../../cluster/lib/postgres.ts';
import { parseRestoreTarget, restoreCommand } from '../../cluster/lib/postgres-restore-command.ts';
import { sql } from '../../cluster/lib/postgres-server.ts';
import { removeStaleClusters } from '../lib/pg-cluster.ts';
import { check, expect, figure, finish, sleep } from '../lib/report.ts';

const base = Number(process.env.RELIABILITY_BACKUP_PORT_BASE ?? 27_050);
const rows = Number(process.env.RELIABILITY_BACKUP_ROWS ?? 200);

// The same temporary-folder prefix as the private cluster of checks 11 and 13: a run killed by
// the runner's time limit leaves servers that the next run of either stops.
removeStaleClusters();
const root = mkdtempSync(path.join(tmpdir(), 'estately-reliability-pg-'));
chmodSync(root, 0o755);
const pair = new PostgresPair({ dir: root, primaryPort: base + 10, replicaPort: base + 11 });
let restored: RestoredServer | undefined;
const bucket = 'estately-media';
const bucketDir = path.join(root, 's3');
const bucketMirror = path.join(root, 's3-backup');
const s3 = new S3rver({
  address: '127.0.0.1',
  port: base + 13,
  silent: true,
  directory: bucketDir,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const storage = new S3MediaStorage({
  endpoint: `http://127.0.0.1:${base + 13}`,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
process.on('exit', () => rmSync(root, { recursive: true, force: true }));

const emailsOf = (group: string) =>
  Array.from({ length: rows }, (_, i) => `drill-${group}-${i}@example.test`);

async function accounts(url: string): Promise<Map<string, string | null>> {
  const found = await sql<{ email: string; first_name: string | null }>(
    url,
    "SELECT email, first_name FROM users WHERE email LIKE 'drill-%' ORDER BY email",
  );
  return new Map(found.map((row) => [row.email, row.first_name]));
}

async function insertAccounts(url: string, emails: string[], firstName: string): Promise<void> {
  await sql(
    url,
    `INSERT INTO users (email, password_hash, first_name)
     SELECT email, 'not-a-password-hash', $2 FROM unnest($1::text[]) AS email`,
    [emails, firstName],
  );
}

await check(
  'restore drill: point-in-time restore to T holds exactly the rows committed before T; the replica holds all',
  async () => {
    await s3.run();
    await pair.init({ firstBackup: false });
    const setup = createPostgres(pair.primaryUrl, undefined, 2);
    await migrate(setup);
    await setup.close();

    const backup = await pair.backup('full');
    figure('full backup of the migrated database', backup.seconds, 's');
    figure('full backup: database size', Math.round(backup.databaseBytes / 1024), 'KiB');
    figure('full backup: repository size (zstd)', Math.round(backup.repositoryBytes / 1024), 'KiB');
    // pgBackRest keeps a backup's stop time in whole seconds and picks for a target the newest
    // backup that stopped before it: a T in the backup's last second finds none. A restore
    // target lies two seconds past the backup at least (restoreCommand refuses nearer ones).
    await sleep(2_000);

    const groupA = emailsOf('a');
    const groupB = emailsOf('b');
    await insertAccounts(pair.primaryUrl, groupA, 'before');
    // A picture of one account of A: the file is stored first and the row points at it after.
    const pictured = groupA[2]!;
    const [owner] = await sql<{ id: number }>(pair.primaryUrl, 'SELECT id FROM users WHERE email = $1', [
      pictured,
    ]);
    const pictureBefore = `avatars/${owner?.id}/drill0before/512.webp`;
    const pictureAfter = `avatars/${owner?.id}/drill1after0/512.webp`;
    await storage.put(pictureBefore, Buffer.from('picture uploaded before T'), 'image/webp');
    await sql(pair.primaryUrl, 'UPDATE users SET profile_picture_path = $1 WHERE email = $2', [
      pictureBefore,
      pictured,
    ]);
    // A periodic run of the bucket backup.
    const mirrored = mirrorBucketFolder(bucketDir, bucketMirror);
    figure('bucket mirror run', mirrored.seconds * 1000, 'ms');
    // T lies strictly between A's commit and B's first change, on the primary's own clock
    // (recovery compares commit times written by that clock).
    await sleep(300);
    const [clock] = await sql<{ t: string }>(
      pair.primaryUrl,
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS t",
    );
    const target = clock?.t ?? '';
    console.log(`restore target T = ${target}`);
    await sleep(300);
    await insertAccounts(pair.primaryUrl, groupB, 'after');
    await sql(pair.primaryUrl, 'DELETE FROM users WHERE email = $1', [groupA[0]]);
    await sql(pair.primaryUrl, "UPDATE users SET first_name = 'renamed' WHERE email = $1", [groupA[1]]);
    // The picture replaced after T: new file, row, then the old file deleted.
    await storage.put(pictureAfter, Buffer.from('picture uploaded after T'), 'image/webp');
    await sql(pair.primaryUrl, 'UPDATE users SET profile_picture_path = $1 WHERE email = $2', [
      pictureAfter,
      pictured,
    ]);
    await storage.delete(pictureBefore);
    mirrorBucketFolder(bucketDir, bucketMirror);

    const archiveMs = await pair.archiveNow();
    figure('WAL archive lag (segment switch to archived)', archiveMs, 'ms');
    const archive = await pair.archiveStatus();
    figure('WAL segments archived, failed attempts', `${archive.archived}, ${archive.failed}`);
    expect(archive.archived > 0 && !archive.failing, `the WAL archive fails: ${JSON.stringify(archive)}`);

    const caughtUpMs = await pair.waitCaughtUp(30_000);
    figure('replica caught up after the writes', caughtUpMs, 'ms');
    const onReplica = await accounts(pair.replicaUrl);
    expect(
      onReplica.size === 2 * rows - 1,
      `the replica holds ${onReplica.size} drill accounts, not ${2 * rows - 1}`,
    );
    expect(!onReplica.has(groupA[0]!), 'the replica still holds the account deleted after T');
    expect(onReplica.get(groupA[1]!) === 'renamed', 'the replica misses the rename after T');
    expect(
      groupB.every((email) => onReplica.get(email) === 'after'),
      'the replica misses accounts B',
    );

    // Through the operator's command (`npm run cluster -- restore --to T`), as a person would.
    restored = await restoreCommand(['--to', target], { dir: root, base, log: (line) => console.log(line) });
    figure('point-in-time restore (copy, WAL replay to T, promotion)', restored.seconds, 's');
    const atT = await accounts(restored.url);
    const missing = groupA.filter((email) => atT.get(email) !== 'before');
    const extra = [...atT.keys()].filter((email) => !groupA.includes(email));
    figure('accounts A in the restored copy', `${atT.size - extra.length} of ${rows}`);
    figure('accounts B in the restored copy', extra.length);
    expect(missing.length === 0, `${missing.length} accounts A missing or changed at T, e.g. ${missing[0]}`);
    expect(extra.length === 0, `${extra.length} rows written after T restored, e.g. ${extra[0]}`);

    // Photos: the restored database points at the picture of T, deleted from the bucket since;
    // the mirror copied back brings it back, and the newer picture is an orphan.
    const [picture] = await sql<{ path: string | null }>(
      restored.url,
      'SELECT profile_picture_path AS path FROM users WHERE email = $1',
      [pictured],
    );
    expect(picture?.path === pictureBefore, `the restored account points at ${picture?.path}`);
    expect(!(await storage.exists(pictureBefore)), 'the picture deleted after T is still in the bucket');
    const copiedBack = mirrorBucketFolder(bucketMirror, bucketDir);
    figure('files copied back from the bucket mirror', copiedBack.copied);
    expect(
      await storage.exists(pictureBefore),
      'the picture of T is not served after the mirror was copied back',
    );
    const listed = await storage.list({ prefix: `avatars/${owner?.id}/` });
    const orphans = listed.objects.filter((object) => object.key !== pictureBefore);
    figure(
      'objects newer than T (orphans for the restored database, left to the orphan sweep)',
      orphans.length,
    );
    expect(
      orphans.length === 1 && orphans[0]?.key === pictureAfter,
      `unexpected objects: ${orphans.map((o) => o.key).join(', ')}`,
    );

    // The restored copy is a working primary, not a read-only snapshot.
    await sql(restored.url, 'CREATE TABLE restore_drill_probe (id int)');

    // The running pair was not touched by the restore.
    const [primaryCount] = await sql<{ n: number }>(
      pair.primaryUrl,
      "SELECT count(*)::int AS n FROM users WHERE email LIKE 'drill-%'",
    );
    expect(
      primaryCount?.n === 2 * rows - 1,
      `the primary holds ${primaryCount?.n} drill accounts after the restore`,
    );
  },
);

// Port base+15 is free again for the refusals below.
await restored?.destroy();
restored = undefined;

await check(
  'replica: paused replay shows its lag in bytes; a stopped replica catches up from its slot',
  async () => {
    await pair.pauseReplay();
    await insertAccounts(pair.primaryUrl, emailsOf('c'), 'paused');
    const paused = await pair.lag();
    figure('replica lag while replay is paused', paused.bytes ?? 'unknown', 'bytes');
    expect(paused.paused && paused.streaming, `replay paused but streaming: ${JSON.stringify(paused)}`);
    expect((paused.bytes ?? 0) > 0, `no lag while replay is paused: ${JSON.stringify(paused)}`);
    await pair.resumeReplay();
    await pair.waitCaughtUp(30_000);

    await pair.stopReplica();
    const stopped = await pair.lag();
    expect(
      !stopped.streaming && stopped.bytes === null,
      `a stopped replica reported ${JSON.stringify(stopped)}`,
    );
    await insertAccounts(pair.primaryUrl, emailsOf('d'), 'while-stopped');
    await pair.startReplica();
    figure('stopped replica caught up after its start', await pair.waitCaughtUp(30_000), 'ms');
    const onReplica = await accounts(pair.replicaUrl);
    expect(
      emailsOf('d').every((email) => onReplica.get(email) === 'while-stopped'),
      'the replica misses rows written while it was stopped',
    );
  },
);

await check('restore command: a target after the last commit of a quiet primary is reached', async () => {
  // Nothing commits on the drill's primary after the rows above: recovery to a time after them
  // has no later commit to stop at unless the command writes one first.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const [now] = await sql<{ at: string }>(
    pair.primaryUrl,
    "SELECT to_char((clock_timestamp() - interval '1 second') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS at",
  );
  restored = await restoreCommand(['--to', now?.at ?? ''], { dir: root, base, log: () => {} });
  figure('restore to a quiet moment', restored.seconds, 's');
  const atQuiet = await accounts(restored.url);
  expect(
    emailsOf('d').every((email) => atQuiet.get(email) === 'while-stopped'),
    'the rows committed before the quiet moment are missing from the restored copy',
  );
  await restored.destroy();
  restored = undefined;
});

await check(
  'restore command: refuses a target without a time zone, in the future or before the oldest backup',
  async () => {
    expect(
      parseRestoreTarget('2026-12-06 12:00:00+00')?.at.toISOString() === '2026-12-06T12:00:00.000Z',
      'UTC target',
    );
    expect(
      parseRestoreTarget('2026-12-06 13:30:00.25+0130')?.at.toISOString() === '2026-12-06T12:00:00.250Z',
      'offset',
    );
    // A target in the oldest backup's last second: pgBackRest would find no backup for it.
    const [oldest] = (await pair.backrest.info()).backups;
    const inLastSecond = new Date((oldest?.stoppedAt.getTime() ?? 0) + 500).toISOString().replace('T', ' ');
    for (const [args, reason] of [
      [['--to', '2026-12-06 12:00:00'], 'time zone'],
      [['--to', '2999-01-01 00:00:00Z'], 'future'],
      [['--to', '2000-01-01 00:00:00Z'], 'oldest backup'],
      [['--to', inLastSecond], 'oldest backup'],
      [[], 'usage'],
    ] as const) {
      const error = await restoreCommand([...args], { dir: root, base, log: () => {} }).then(
        () => undefined,
        (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)),
      );
      expect(
        error?.includes(reason),
        `restore ${args.join(' ')}: expected a refusal naming "${reason}", got ${error}`,
      );
    }
  },
);

await pair.destroy();
await s3.close();
finish();
