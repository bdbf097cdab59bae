// pgBackRest (Debian package) for the cluster's primary: the continuous WAL archive
// (`archive-push` as PostgreSQL's archive_command), full/differential/incremental backups and
// point-in-time restores into a new data folder. Everything it writes (configuration,
// repository, logs, locks, spool) stays in the cluster's own folder, owned by postgres; the
// configuration is passed with --config, so /etc/pgbackrest.conf is never read or written.
// Decision 058 says why and what a production repository looks like instead.
import {
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { postgresIds } from '../../reliability/lib/pg-cluster.ts';
import { asPostgres } from './postgres-server.ts';

const PGBACKREST = '/usr/bin/pgbackrest';

export type BackupType = 'full' | 'diff' | 'incr';

export interface BackupInfo {
  label: string;
  type: BackupType;
  /** Wall time of the backup command, in seconds. */
  seconds: number;
  /** The database's size as backed up (pgBackRest `info.size`). */
  databaseBytes: number;
  /** What the backup added to the repository, compressed (`info.repository.delta`). */
  repositoryBytes: number;
  /** When the backup was consistent: a restore can target any time from here on. */
  stoppedAt: Date;
}

export interface PgBackRestOptions {
  /** The cluster's folder: config, repository, logs, locks and spool go below it. */
  root: string;
  /** The primary's data folder and port, and the folder of its unix socket. */
  pgPath: string;
  pgPort: number;
  socketDir: string;
  stanza?: string;
}

export class PgBackRest {
  readonly stanza: string;
  readonly configFile: string;
  readonly repoPath: string;
  readonly options: PgBackRestOptions;

  constructor(options: PgBackRestOptions) {
    this.options = options;
    this.stanza = options.stanza ?? 'estately';
    this.configFile = path.join(options.root, 'pgbackrest.conf');
    this.repoPath = path.join(options.root, 'backups');
  }

  /** PostgreSQL's archive_command: every finished WAL segment goes to the repository. */
  get archiveCommand(): string {
    return `${PGBACKREST} --config=${this.configFile} --stanza=${this.stanza} archive-push %p`;
  }

  /**
   * Writes the configuration (again on every start, so a changed port is picked up) and makes
   * its folders, owned by postgres. zstd at level 3 packs the WAL and the data files about 3 to
   * 4 times at a few percent of one core; retention keeps two full backups and the WAL needed
   * to restore to any moment since the older one.
   */
  writeConfig(): void {
    const { root, pgPath, pgPort, socketDir } = this.options;
    const { uid, gid } = postgresIds();
    for (const folder of ['backups', 'log', 'lock', 'spool']) {
      const dir = path.join(root, folder);
      mkdirSync(dir, { recursive: true, mode: 0o750 });
      chownSync(dir, uid, gid);
    }
    const config = [
      '[global]',
      `repo1-path=${this.repoPath}`,
      'repo1-retention-full=2',
      `log-path=${path.join(root, 'log')}`,
      `lock-path=${path.join(root, 'lock')}`,
      `spool-path=${path.join(root, 'spool')}`,
      'log-level-console=warn',
      'log-level-file=info',
      'compress-type=zst',
      'compress-level=3',
      // An immediate checkpoint at the start of a backup, instead of waiting for the next one.
      'start-fast=y',
      '',
      `[${this.stanza}]`,
      `pg1-path=${pgPath}`,
      `pg1-port=${pgPort}`,
      `pg1-socket-path=${socketDir}`,
      'pg1-user=postgres',
      '',
    ].join('\n');
    writeFileSync(this.configFile, config, { mode: 0o640 });
    chownSync(this.configFile, uid, gid);
  }

  private run(command: string, args: string[] = []): Promise<string> {
    return asPostgres(
      PGBACKREST,
      [`--config=${this.configFile}`, `--stanza=${this.stanza}`, ...args, command],
      this.options.root,
    );
  }

  /** Creates the stanza (the repository's record of this cluster); the primary must be running. */
  async stanzaCreate(): Promise<void> {
    await this.run('stanza-create');
  }

  /** Checks that the primary's WAL reaches the repository (archive_command works end to end). */
  async check(): Promise<void> {
    await this.run('check');
  }

  async backup(type: BackupType = 'full'): Promise<BackupInfo> {
    const started = performance.now();
    await this.run('backup', [`--type=${type}`]);
    const seconds = (performance.now() - started) / 1000;
    const last = (await this.info()).backups.at(-1);
    if (!last) throw new Error('pgBackRest reports no backup after a successful backup command');
    return { ...last, seconds };
  }

  /** The repository's backups, oldest first, and the range of archived WAL. */
  async info(): Promise<{
    backups: Omit<BackupInfo, 'seconds'>[];
    archive: { min?: string; max?: string };
  }> {
    const parsed = JSON.parse(await this.run('info', ['--output=json'])) as StanzaInfo[];
    const stanza = parsed.find((entry) => entry.name === this.stanza);
    const backups = (stanza?.backup ?? []).map((entry) => ({
      label: entry.label,
      type: entry.type,
      databaseBytes: entry.info.size,
      repositoryBytes: entry.info.repository.delta,
      stoppedAt: new Date(entry.timestamp.stop * 1000),
    }));
    const archive = stanza?.archive?.at(-1);
    return { backups, archive: { min: archive?.min, max: archive?.max } };
  }

  /**
   * Point-in-time restore into `dataDir` (a new, empty folder): the newest backup before
   * `time` is copied, and recovery replays archived WAL up to `time`, then promotes. Archiving
   * is switched off in the copy (`--archive-mode=off`): a promoted copy that pushed its new
   * timeline into this repository would be followed by every later restore of the real primary.
   */
  async restore(dataDir: string, time: string): Promise<void> {
    const { uid, gid } = postgresIds();
    mkdirSync(dataDir, { mode: 0o700 });
    chownSync(dataDir, uid, gid);
    await this.run('restore', [
      `--pg1-path=${dataDir}`,
      '--type=time',
      `--target=${time}`,
      '--target-action=promote',
      '--archive-mode=off',
    ]);
  }
}

/** The part of `pgbackrest info --output=json` read here. */
interface StanzaInfo {
  name: string;
  backup?: {
    label: string;
    type: BackupType;
    timestamp: { start: number; stop: number };
    info: { size: number; repository: { size: number; delta: number } };
  }[];
  archive?: { min?: string; max?: string }[];
}

/**
 * The bucket's backup in the cluster: a copy-only mirror of the object storage's folder (s3rver
 * keeps each object as files under `<folder>/<bucket>/<key>`). Stored objects never change
 * (their keys change with their content), so a file is copied when the mirror lacks it, or
 * again when an earlier copy caught it half-written (another size). Nothing is ever deleted
 * in the mirror: an object deleted from the bucket after a database restore point is still
 * there. Copying the mirror back the same way (source and mirror swapped) restores deleted
 * objects and leaves the newer ones, which the orphan sweep removes. Decision 058 (S3 versioning in production).
 */
export function mirrorBucketFolder(source: string, mirror: string): { copied: number; seconds: number } {
  const started = performance.now();
  let copied = 0;
  const walk = (from: string, to: string): void => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) walk(path.join(from, entry.name), target);
      else if (entry.isFile()) {
        const sourceFile = path.join(from, entry.name);
        // A copy of a file that was still being written has another size: copied again.
        if (existsSync(target) && statSync(target).size === statSync(sourceFile).size) continue;
        copyFileSync(sourceFile, target);
        copied += 1;
      }
    }
  };
  if (existsSync(source)) walk(source, mirror);
  return { copied, seconds: (performance.now() - started) / 1000 };
}
