// The cluster's PostgreSQL: a primary and one streaming replica (pg_basebackup -R, a physical
// replication slot so the primary keeps the WAL the replica still needs), WAL archived and
// backed up by pgBackRest, point-in-time restores into new data folders. Decision 058.
//
// Folder layout (`dir`, owned by postgres):
//   primary/ replica/      data folders, with primary.log and replica.log beside them
//   run/                   unix sockets (pgBackRest reaches the primary through one)
//   pgbackrest.conf backups/ log/ lock/ spool/    pgBackRest (backup.ts)
//   owner.pid              the process that runs the servers; a later start stops servers
//                          whose owner is gone (kill -9 of the runner) and refuses to touch
//                          servers of a live one
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { alive, postgresIds } from '../../reliability/lib/pg-cluster.ts';
import { type BackupInfo, type BackupType, PgBackRest } from './backup.ts';
import { asPostgres, PgServer, sql } from './postgres-server.ts';

const SLOT = 'estately_replica';

export interface PostgresPairOptions {
  /** The pair's folder; created when missing. */
  dir: string;
  primaryPort: number;
  replicaPort: number;
}

export interface ReplicaLag {
  /** Bytes of WAL the primary has written and the replica has not replayed; null when unknown. */
  bytes: number | null;
  /** The replica's WAL receiver streams from the primary (pg_stat_replication, our slot). */
  streaming: boolean;
  /** Replay paused with pg_wal_replay_pause(). */
  paused: boolean;
}

export interface ArchiveStatus {
  /** WAL segments archived and failed attempts since the primary's statistics were reset. */
  archived: number;
  failed: number;
  lastArchivedWal: string | null;
  secondsSinceLastArchived: number | null;
  /** The latest attempt failed (a failure newer than the last success). */
  failing: boolean;
}

export interface RestoredServer {
  url: string;
  dataDir: string;
  port: number;
  /** Restore (copy of the backup) and recovery up to the target, until promoted, in seconds. */
  seconds: number;
  stop(): Promise<void>;
  /** Stops it and removes its data folder. */
  destroy(): Promise<void>;
}

export class PostgresPair {
  readonly dir: string;
  readonly primary: PgServer;
  readonly replica: PgServer;
  readonly backrest: PgBackRest;
  private readonly socketDir: string;
  private readonly owned = new Set<PgServer>();
  private exitHook = false;

  constructor(options: PostgresPairOptions) {
    this.dir = path.resolve(options.dir);
    this.socketDir = path.join(this.dir, 'run');
    // A unix socket path holds at most 107 bytes (sun_path).
    if (`${this.socketDir}/.s.PGSQL.${options.primaryPort}.lock`.length > 100)
      throw new Error(`The cluster folder's path is too long for a unix socket: ${this.dir}`);
    this.primary = new PgServer({
      dataDir: path.join(this.dir, 'primary'),
      port: options.primaryPort,
      socketDir: this.socketDir,
      name: 'estately-primary',
    });
    this.replica = new PgServer({
      dataDir: path.join(this.dir, 'replica'),
      port: options.replicaPort,
      // The replica needs no socket: nothing local talks to it but over TCP.
      socketDir: '',
      name: 'estately-replica',
    });
    this.backrest = new PgBackRest({
      root: this.dir,
      pgPath: this.primary.options.dataDir,
      pgPort: options.primaryPort,
      socketDir: this.socketDir,
    });
  }

  get primaryUrl(): string {
    return this.primary.url;
  }

  get replicaUrl(): string {
    return this.replica.url;
  }

  /** True when the folder already holds an initialised pair (a second `npm run cluster`). */
  get initialised(): boolean {
    return existsSync(path.join(this.primary.options.dataDir, 'PG_VERSION'));
  }

  /**
   * A new pair: initdb of the primary, pgBackRest's stanza, the replica cloned from the
   * running primary, and a first full backup so a restore is possible from the start
   * (`firstBackup: false` leaves it to the caller, who backs up after loading a schema).
   */
  async init(options: { firstBackup?: boolean } = {}): Promise<BackupInfo | undefined> {
    if (this.initialised) throw new Error(`${this.dir} already holds a PostgreSQL pair: start() it`);
    this.claimFolder();
    await asPostgres(
      path.join(this.primary.bin, 'initdb'),
      [
        '-D',
        this.primary.options.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ],
      this.dir,
    );
    // Settings every copy of the primary (replica, restored copies) inherits; the per-server
    // ones (port, addresses, socket, name) are given on each server's command line.
    appendFileSync(
      path.join(this.primary.options.dataDir, 'postgresql.conf'),
      [
        '',
        '# Estately cluster (scripts/cluster/lib/postgres.ts, decision 058)',
        'wal_level = replica',
        'max_wal_senders = 10',
        'max_replication_slots = 10',
        'hot_standby = on',
        // Long searches on the replica are not cancelled by the primary's vacuum.
        'hot_standby_feedback = on',
        // A replica gone for good cannot make the slot hold WAL until the primary's disk fills.
        "max_slot_wal_keep_size = '2GB'",
        'archive_mode = on',
        `archive_command = '${this.backrest.archiveCommand}'`,
        // A quiet primary still archives a segment a minute: the WAL archive is never more than
        // a minute behind the last commit (the recovery point objective of a lost machine).
        'archive_timeout = 60',
        'max_connections = 200',
        'fsync = on',
        '',
      ].join('\n'),
    );
    this.backrest.writeConfig();
    await this.startServer(this.primary);
    await this.backrest.stanzaCreate();
    await this.cloneReplica();
    return options.firstBackup === false ? undefined : this.backrest.backup('full');
  }

  /** Starts an initialised pair (the data of an earlier run is kept). */
  async start(): Promise<void> {
    if (!this.initialised) throw new Error(`${this.dir} holds no PostgreSQL pair: init() it`);
    this.claimFolder();
    this.backrest.writeConfig();
    await this.startServer(this.primary);
    // Idempotent: a stanza that exists is checked against this primary (system id, version); a
    // first start that failed before making it is completed.
    await this.backrest.stanzaCreate();
    // A replica folder removed by hand (a replica whose slot the primary dropped past
    // max_slot_wal_keep_size cannot catch up any more) is cloned again.
    if (existsSync(path.join(this.replica.options.dataDir, 'PG_VERSION')))
      await this.startServer(this.replica);
    else await this.cloneReplica();
    if ((await this.backrest.info()).backups.length === 0) await this.backrest.backup('full');
  }

  /** A new replica: a copy of the running primary that streams from it through the slot. */
  private async cloneReplica(): Promise<void> {
    rmSync(this.replica.options.dataDir, { recursive: true, force: true });
    const [slot] = await sql<{ lost: boolean }>(
      this.primaryUrl,
      "SELECT wal_status = 'lost' AS lost FROM pg_replication_slots WHERE slot_name = $1",
      [SLOT],
    );
    // A slot the primary gave up on holds nothing any more: it is made afresh with the copy.
    if (slot?.lost) await sql(this.primaryUrl, 'SELECT pg_drop_replication_slot($1)', [SLOT]);
    await asPostgres(
      path.join(this.primary.bin, 'pg_basebackup'),
      [
        `--dbname=${this.primaryUrl}`,
        '-D',
        this.replica.options.dataDir,
        '-R', // standby.signal + primary_conninfo: a streaming standby
        '-X',
        'stream',
        // With -C the slot is created with the copy, so no WAL is recycled in between.
        ...(slot && !slot.lost ? [] : ['-C']),
        '-S',
        SLOT,
        '--checkpoint=fast',
      ],
      this.dir,
    );
    await this.startServer(this.replica);
  }

  /** init() for a new folder, start() for one an earlier run left. */
  async open(): Promise<void> {
    if (this.initialised) await this.start();
    else await this.init();
  }

  async stopReplica(): Promise<void> {
    await this.replica.stop('fast');
  }

  /** Starts the replica again; it catches up from the primary's slot (waitCaughtUp to wait). */
  async startReplica(): Promise<void> {
    await this.startServer(this.replica);
  }

  async pauseReplay(): Promise<void> {
    await sql(this.replicaUrl, 'SELECT pg_wal_replay_pause()');
  }

  async resumeReplay(): Promise<void> {
    await sql(this.replicaUrl, 'SELECT pg_wal_replay_resume()');
  }

  /**
   * Replay lag in bytes: the replica's replay position is read first and the primary's write
   * position after it, so the figure is never below the truth.
   */
  async lag(): Promise<ReplicaLag> {
    const replica = await sql<{ lsn: string | null; paused: boolean }>(
      this.replicaUrl,
      'SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_wal_replay_paused() AS paused',
    ).catch(() => []);
    const lsn = replica[0]?.lsn ?? null;
    const primary = await sql<{ bytes: string | null; streaming: boolean }>(
      this.primaryUrl,
      `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes,
              EXISTS (SELECT 1 FROM pg_stat_replication r
                        JOIN pg_replication_slots s ON s.active_pid = r.pid
                       WHERE s.slot_name = $2 AND r.state = 'streaming') AS streaming`,
      [lsn, SLOT],
    );
    const bytes = primary[0]?.bytes;
    return {
      bytes: lsn === null || bytes == null ? null : Number(bytes),
      streaming: Boolean(primary[0]?.streaming),
      paused: Boolean(replica[0]?.paused),
    };
  }

  /** Waits until the replica streams and has replayed everything the primary had written. */
  async waitCaughtUp(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    for (;;) {
      const lag = await this.lag().catch(() => undefined);
      if (lag?.streaming && lag.bytes !== null && lag.bytes <= 0) return performance.now() - started;
      if (performance.now() - started > timeoutMs)
        throw new Error(`the replica did not catch up within ${timeoutMs} ms (${JSON.stringify(lag)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  backup(type: BackupType = 'full'): Promise<BackupInfo> {
    return this.backrest.backup(type);
  }

  /**
   * Closes the current WAL segment (pg_switch_wal) and waits until the archiver has pushed it
   * to the repository: everything committed before the call is then restorable. Returns the
   * milliseconds from the switch to the archived segment, the WAL archive's lag.
   */
  async archiveNow(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    const [switched] = await sql<{ segment: string }>(
      this.primaryUrl,
      'SELECT pg_walfile_name(pg_switch_wal()) AS segment',
    );
    const segment = switched?.segment ?? '';
    for (;;) {
      const [archiver] = await sql<{ last: string | null; failed: string; lastFailed: string | null }>(
        this.primaryUrl,
        `SELECT last_archived_wal AS last, failed_count::text AS failed, last_failed_wal AS "lastFailed"
           FROM pg_stat_archiver`,
      );
      // Segment names of one timeline sort like their positions.
      if (archiver?.last && archiver.last.slice(8) >= segment.slice(8)) return performance.now() - started;
      if (performance.now() - started > timeoutMs)
        throw new Error(
          `WAL segment ${segment} not archived within ${timeoutMs} ms (last archived ${archiver?.last}, ${archiver?.failed} failures, last failed ${archiver?.lastFailed})`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * The WAL archive's state from pg_stat_archiver, for status pages and alerts: an archive that
   * fails (pgBackRest's repository full or unreachable) makes every restore point after the
   * last archived segment unreachable, while the primary keeps the WAL and its disk fills.
   */
  async archiveStatus(): Promise<ArchiveStatus> {
    const [row] = await sql<{
      archived: string;
      failed: string;
      last: string | null;
      age: string | null;
      failing: boolean | null;
    }>(
      this.primaryUrl,
      `SELECT archived_count::text AS archived, failed_count::text AS failed, last_archived_wal AS last,
              extract(epoch FROM now() - last_archived_time)::text AS age,
              last_failed_time > coalesce(last_archived_time, '-infinity') AS failing
         FROM pg_stat_archiver`,
    );
    return {
      archived: Number(row?.archived ?? 0),
      failed: Number(row?.failed ?? 0),
      lastArchivedWal: row?.last ?? null,
      secondsSinceLastArchived: row?.age == null ? null : Number(row.age),
      failing: Boolean(row?.failing),
    };
  }

  /**
   * Point-in-time recovery with pgBackRest into a NEW data folder `dir`, served on `port`:
   * the state of the primary at `time` (any form PostgreSQL's recovery_target_time reads, with
   * a time zone, e.g. "2026-12-06 12:00:00+00"). The running pair is not touched. The copy
   * archives nothing (see PgBackRest.restore). `keepRunning`: no exit hook stops it.
   */
  async restore(options: {
    time: string;
    port: number;
    dir: string;
    keepRunning?: boolean;
  }): Promise<RestoredServer> {
    const started = performance.now();
    const dataDir = path.resolve(options.dir);
    const server = new PgServer({
      dataDir,
      port: options.port,
      socketDir: '',
      name: 'estately-restored',
      settings: { archive_mode: 'off' },
    });
    if (server.postmasterPid()) throw new Error(`a server is running in ${dataDir}`);
    if (existsSync(dataDir)) throw new Error(`${dataDir} exists: a restore goes into a new folder`);
    await this.backrest.restore(dataDir, options.time);
    // The copy was a replica's primary: it has no slot, and no standby.signal (pgBackRest
    // writes recovery.signal), so it promotes itself once the target is reached.
    if (options.keepRunning) await server.start();
    else await this.startServer(server);
    await server.waitPromoted();
    const seconds = (performance.now() - started) / 1000;
    return {
      url: server.url,
      dataDir,
      port: options.port,
      seconds,
      stop: async () => {
        await server.stop('fast');
        this.owned.delete(server);
      },
      destroy: async () => {
        await server.destroy();
        this.owned.delete(server);
      },
    };
  }

  /** Stops both servers (fast shutdown: open transactions rolled back, a checkpoint written). */
  async stop(): Promise<void> {
    await this.replica.stop('fast');
    await this.primary.stop('fast');
    for (const server of this.owned) await server.stop('fast');
    this.owned.clear();
  }

  /** Stops every server at once and removes the folder: data, WAL archive and backups. */
  async destroy(): Promise<void> {
    for (const server of [this.replica, this.primary, ...this.owned]) await server.stop('immediate');
    this.owned.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async startServer(server: PgServer): Promise<void> {
    if (!server.postmasterPid()) await server.start();
    this.owned.add(server);
    if (!this.exitHook) {
      this.exitHook = true;
      // A runner that ends without stop() (an uncaught error) leaves no server behind.
      process.on('exit', () => {
        for (const running of this.owned) running.stopNow();
      });
    }
  }

  /**
   * Makes the folder postgres's, records this process as the owner, and stops servers left by
   * an owner that is gone. A server of a live owner is another runner's: refused.
   */
  private claimFolder(): void {
    const { uid, gid } = postgresIds();
    mkdirSync(this.socketDir, { recursive: true });
    for (const folder of [this.dir, this.socketDir]) {
      chownSync(folder, uid, gid);
      chmodSync(folder, 0o755);
    }
    const ownerFile = path.join(this.dir, 'owner.pid');
    let owner = 0;
    try {
      owner = Number(readFileSync(ownerFile, 'utf8'));
    } catch {}
    const running = [this.primary, this.replica].filter((server) => server.postmasterPid());
    if (running.length > 0 && owner && owner !== process.pid && alive(owner))
      throw new Error(`PostgreSQL in ${this.dir} is run by process ${owner}; stop that first`);
    for (const server of running) {
      if (owner !== process.pid) server.stopNow();
    }
    writeFileSync(ownerFile, String(process.pid));
  }
}
