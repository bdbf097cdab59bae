import type { Db } from '@estately/db';
import type { CounterRow } from '../read-versions.ts';
import { keyOf, Partition } from './partition.ts';
import { catchUpPartition, loadPartitions } from './sync-partitions.ts';

/**
 * A partition behind its counter and not known current for this long reloads rather than
 * catching up: the log keeps 2 hours.
 */
const RELOAD_AFTER_MS = 3_600_000;

/**
 * The partitions a process holds, and how current each is: each brought up to the change
 * counters a request took before it is read (`sync`).
 *
 * With a read replica (docs/decisions/059) one index serves requests of both databases: most
 * read the replica, a visitor who just wrote (or everyone, while the replica is down or behind)
 * reads the primary. The replica is the primary of a moment ago, so both give one history in
 * which every change counter only grows; what differs is how far along each is. The rules:
 * - A request of the primary may use what was read from either: nothing is newer than the
 *   primary, so the cards and rows it reads after the index are at least as new (as with one
 *   database). A partition behind its counters is caught up from the primary as usual.
 * - A request of the replica may use a partition only when it was last read from the replica.
 *   One read from the primary may hold offers the replica has not replayed yet, and its counter
 *   may be ahead of the replica's: left as it is, the replica's request would get a page whose
 *   ids the replica has no cards for (or older cards than the index sorted by), and a counter
 *   `>=` check would call it current forever. So the partition is first brought back to the
 *   replica's state: the offers the primary's log names since the lower of the two counters
 *   (every offer that may differ, including those a catch-up read newer than its counter) are
 *   read again from the replica, and its counter is set to the replica's, downwards if need
 *   be, not kept by `max`. The next request of the primary catches it up again: a few offers
 *   read each way while a writer and other visitors search the same market, never a reload.
 * Without a replica the two databases are one object and nothing here changes.
 */
export class HeldPartitions {
  private readonly partitions = new Map<string, Partition>();
  private readonly syncing = new Map<string, Promise<void>>();
  private readonly now: () => number;
  /** The primary, when requests may read a replica too; undefined: one database. */
  private readonly primary: Db | undefined;
  /** The database a load of partitions reads through, for a request's database (see FacetIndex). */
  private readonly loads: (db: Db) => Db;

  constructor(now: () => number, primary?: Db, loads: (db: Db) => Db = (db) => db) {
    this.now = now;
    this.primary = primary;
    this.loads = loads;
  }

  /** Whether `partition` was last read from a database that may be ahead of `db`. */
  private foreign(partition: Partition, db: Db): boolean {
    return (
      this.primary !== undefined &&
      db !== this.primary &&
      partition.source !== null &&
      partition.source !== db
    );
  }

  /** Offers held, over all partitions. */
  get offers(): number {
    let total = 0;
    for (const partition of this.partitions.values()) total += partition.size;
    return total;
  }

  /**
   * How far the held partitions trail `counters` (read-only, for the metrics): how many are
   * held, and how many of them are behind their counter or from before the last TRUNCATE.
   */
  lag(counters: readonly CounterRow[], truncations: number): { partitions: number; behind: number } {
    let behind = 0;
    for (const row of counters) {
      const part = this.partitions.get(keyOf(row.offerType, row.propertyType, row.countryCode));
      if (part && (part.truncations !== truncations || part.version < row.version)) behind += 1;
    }
    return { partitions: this.partitions.size, behind };
  }

  /** The partitions of `counters` (each synced before, so each is there). */
  held(counters: readonly CounterRow[]): Partition[] {
    return counters.map(
      (row) => this.partitions.get(keyOf(row.offerType, row.propertyType, row.countryCode))!,
    );
  }

  /**
   * The partitions of `counters` when each is held at its counter at least, after the same
   * TRUNCATE, and none is being synced (its arrays may be between two loads' chunks); else null.
   */
  heldAt(db: Db, counters: readonly CounterRow[], truncations: number): Partition[] | null {
    const parts: Partition[] = [];
    for (const row of counters) {
      const key = keyOf(row.offerType, row.propertyType, row.countryCode);
      const part = this.partitions.get(key);
      if (
        !part ||
        part.truncations !== truncations ||
        part.version < row.version ||
        this.syncing.has(key) ||
        this.foreign(part, db)
      )
        return null;
      parts.push(part);
    }
    return parts;
  }

  /** Partitions a later read found current: the log need not reach back further than now (see sync). */
  confirm(parts: readonly Partition[]): void {
    const now = this.now();
    for (const part of parts) part.syncedAt = now;
  }

  /**
   * Brings the partitions of `counters` up to at least those counters: partitions never
   * loaded (or after a TRUNCATE, or idle past the log's reach) are loaded, the others caught up
   * from the log. One sync at a time per partition; a request finding one on its way waits
   * for it and looks again.
   */
  async sync(db: Db, counters: readonly CounterRow[], truncations: number): Promise<void> {
    for (;;) {
      const running = new Set<Promise<void>>();
      for (const counter of counters) {
        const sync = this.syncing.get(keyOf(counter.offerType, counter.propertyType, counter.countryCode));
        if (sync) running.add(sync);
      }
      if (running.size > 0) {
        await Promise.allSettled(running);
        continue;
      }
      const reload: Partition[] = [];
      const catchUp: Partition[] = [];
      /** Partitions read from the primary, brought back to this replica's state (see above). */
      const rebase: Partition[] = [];
      const target = new Map<Partition, number>();
      for (const counter of counters) {
        const key = keyOf(counter.offerType, counter.propertyType, counter.countryCode);
        let partition = this.partitions.get(key);
        if (!partition) {
          partition = new Partition(counter.offerType, counter.propertyType, counter.countryCode);
          this.partitions.set(key, partition);
        }
        target.set(partition, counter.version);
        if (partition.truncations !== truncations) reload.push(partition);
        else if (this.foreign(partition, db)) {
          if (this.now() - partition.syncedAt > RELOAD_AFTER_MS) reload.push(partition);
          else rebase.push(partition);
        } else if (partition.version >= counter.version) {
          // Current as of this snapshot: the log need not reach back further than now.
          partition.syncedAt = this.now();
        } else if (this.now() - partition.syncedAt > RELOAD_AFTER_MS) reload.push(partition);
        else catchUp.push(partition);
      }
      if (reload.length === 0 && catchUp.length === 0 && rebase.length === 0) return;
      const touched = [...reload, ...catchUp, ...rebase];
      const work = (async () => {
        if (reload.length > 0) await loadPartitions(this.loads(db), reload);
        for (const partition of catchUp) await catchUpPartition(db, partition);
        for (const partition of rebase) {
          const since = Math.min(partition.version, target.get(partition)!);
          await catchUpPartition(db, partition, { log: this.primary, since });
        }
        for (const partition of touched) {
          // A catch-up reads offers as they are now, so a counter only grows; a partition
          // brought back to the replica takes the replica's counter, lower or not.
          partition.version = rebase.includes(partition)
            ? target.get(partition)!
            : Math.max(partition.version, target.get(partition)!);
          partition.truncations = truncations;
          partition.syncedAt = this.now();
          partition.source = db;
        }
      })();
      const tracked: Promise<void> = work.finally(() => {
        for (const partition of touched) {
          const key = keyOf(partition.offerType, partition.propertyType, partition.countryCode);
          if (this.syncing.get(key) === tracked) this.syncing.delete(key);
        }
      });
      for (const partition of touched)
        this.syncing.set(keyOf(partition.offerType, partition.propertyType, partition.countryCode), tracked);
      await tracked;
      return;
    }
  }
}
