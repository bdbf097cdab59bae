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
 */
export class HeldPartitions {
  private readonly partitions = new Map<string, Partition>();
  private readonly syncing = new Map<string, Promise<void>>();
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
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
  heldAt(counters: readonly CounterRow[], truncations: number): Partition[] | null {
    const parts: Partition[] = [];
    for (const row of counters) {
      const key = keyOf(row.offerType, row.propertyType, row.countryCode);
      const part = this.partitions.get(key);
      if (!part || part.truncations !== truncations || part.version < row.version || this.syncing.has(key))
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
        else if (partition.version >= counter.version) {
          // Current as of this snapshot: the log need not reach back further than now.
          partition.syncedAt = this.now();
        } else if (this.now() - partition.syncedAt > RELOAD_AFTER_MS) reload.push(partition);
        else catchUp.push(partition);
      }
      if (reload.length === 0 && catchUp.length === 0) return;
      const touched = [...reload, ...catchUp];
      const work = (async () => {
        if (reload.length > 0) await loadPartitions(db, reload);
        for (const partition of catchUp) await catchUpPartition(db, partition);
        for (const partition of touched) {
          partition.version = Math.max(partition.version, target.get(partition)!);
          partition.truncations = truncations;
          partition.syncedAt = this.now();
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
