import type { Db } from '@estately/db';
import { sql } from 'drizzle-orm';

// How far the read replica is behind the primary, watched from each API process
// (docs/decisions/059). Every POLL_MS one small statement goes to each: the primary's WAL
// position (`pg_current_wal_lsn()`), then the replica's replayed position
// (`pg_last_wal_replay_lsn()`).
//
// The lag in seconds is not `now() - pg_last_xact_replay_timestamp()`: that is the age of the
// last transaction replayed (PostgreSQL's recovery information functions), so on a primary
// with nothing to write it grows without bound on a replica that is perfectly current; nor
// "receive = replay means 0", which holds as well for a replica whose connection to the
// primary broke and that receives nothing more. The rule here compares positions with the
// primary itself: the monitor remembers when the primary was first seen at each position, and
// the replica's lag is the time since the primary first held WAL the replica has not replayed
// (0 when it has replayed everything the primary had at the last sample). A quiet primary
// gives 0, a paused or cut-off replica a lag that grows from the first write it misses.

/** A WAL position (`16/B374D848`) as a number. */
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export type ReplicaState = 'none' | 'ok' | 'behind' | 'down';

/** What metrics and readiness read (and the routing follows). */
export interface ReadRoutingStatus {
  replica: ReplicaState;
  /** Seconds the replica is behind, null when unknown (no replica, or it does not answer). */
  lagSeconds: number | null;
  readsFrom: 'replica' | 'primary';
}

export interface ReplicaMonitorOptions {
  primary: Db;
  replica: Db;
  /** Past this lag the replica is 'behind' and reads go to the primary. */
  maxLagSeconds: number;
  /** Called once per change of where reads go. */
  onSwitch?: (status: ReadRoutingStatus, reason: string) => void;
  pollMs?: number;
  /** How long one statement may take before the poll counts as failed. */
  timeoutMs?: number;
  /** The replica is 'down' once it has not answered for this long. */
  downAfterMs?: number;
  now?: () => number;
}

/** The primary's positions the replica had not replayed at the last poll, oldest first. */
interface Sample {
  lsn: bigint;
  at: number;
}

const MAX_SAMPLES = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class ReplicaMonitor {
  private readonly options: Required<Omit<ReplicaMonitorOptions, 'onSwitch'>> &
    Pick<ReplicaMonitorOptions, 'onSwitch'>;
  private samples: Sample[] = [];
  private replayed: bigint | null = null;
  private lag: number | null = null;
  private lastAnswer = Number.NEGATIVE_INFINITY;
  private state: 'ok' | 'behind' | 'down' = 'down';
  private polling: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private suspected = false;

  constructor(options: ReplicaMonitorOptions) {
    this.options = {
      pollMs: 250,
      timeoutMs: 1_000,
      downAfterMs: 1_000,
      now: Date.now,
      ...options,
    };
  }

  /** The first poll (so the first requests go to the right place), then one every pollMs. */
  async start(): Promise<void> {
    await this.poll();
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        // pollOnce catches every failure: the promise never rejects.
        void this.poll().finally(tick);
      }, this.options.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
  }

  status(): ReadRoutingStatus {
    return {
      replica: this.state,
      lagSeconds: this.state === 'down' ? null : this.lag,
      readsFrom: this.state === 'ok' ? 'replica' : 'primary',
    };
  }

  /** The replica's replayed WAL position at the last poll that reached it (null before one). */
  replayedLsn(): bigint | null {
    return this.replayed;
  }

  /**
   * A read on the replica just failed for its connection (and was run on the primary): polls
   * now, and a poll that cannot reach the replica either calls it down at once rather than after
   * downAfterMs, so the next requests read the primary without trying the replica first. One
   * successful poll clears the suspicion.
   */
  suspect(): Promise<void> {
    this.suspected = true;
    return this.poll();
  }

  /** One poll; a poll already under way is joined rather than doubled. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const { primary, replica, timeoutMs, now } = this.options;
    // The primary first: a replica that has replayed this position had everything the primary
    // held at this moment.
    try {
      const rows = rowsOf(
        await withTimeout(primary.execute(sql`select pg_current_wal_lsn()::text as lsn`), timeoutMs),
      );
      const lsn = parseLsn(String(rows[0]?.lsn));
      const last = this.samples[this.samples.length - 1];
      if (!last || last.lsn < lsn) {
        this.samples.push({ lsn, at: now() });
        // A replica paused for hours: the oldest sample says how long, the rest can go.
        if (this.samples.length > MAX_SAMPLES) this.samples.splice(1, 1);
      }
    } catch {
      // Without the primary's position the lag is judged on the positions seen before.
    }
    try {
      const rows = rowsOf(
        await withTimeout(replica.execute(sql`select pg_last_wal_replay_lsn()::text as lsn`), timeoutMs),
      );
      const text = rows[0]?.lsn;
      // Null: the server is not replaying (it was promoted, or is no standby at all); what it
      // holds no longer follows the primary.
      if (typeof text !== 'string') throw new Error('the read database is not a standby');
      const replayed = parseLsn(text);
      this.replayed = replayed;
      this.lastAnswer = now();
      this.suspected = false;
      while (this.samples.length > 0 && this.samples[0]!.lsn <= replayed) this.samples.shift();
      const oldest = this.samples[0];
      this.lag = oldest ? Math.max(0, (now() - oldest.at) / 1000) : 0;
      if (this.lag > this.options.maxLagSeconds) {
        this.judge('behind', `the replica is ${this.lag.toFixed(1)} s behind`);
      } else this.judge('ok', 'the replica is within its lag bound');
    } catch (error) {
      const suspected = this.suspected;
      this.suspected = false;
      if (suspected || now() - this.lastAnswer >= this.options.downAfterMs || this.state === 'down') {
        this.judge('down', `the replica does not answer: ${(error as Error).message}`);
      }
    }
  }

  private judge(state: 'ok' | 'behind' | 'down', reason: string): void {
    const before = this.status().readsFrom;
    this.state = state;
    const after = this.status();
    if (after.readsFrom !== before) this.options.onSwitch?.(after, reason);
  }
}

/** Rows of `execute` on either driver (node-postgres gives a result, PGlite an object too). */
function rowsOf(result: unknown): { lsn?: unknown }[] {
  if (Array.isArray(result)) return result as { lsn?: unknown }[];
  return ((result as { rows?: unknown[] }).rows ?? []) as { lsn?: unknown }[];
}
