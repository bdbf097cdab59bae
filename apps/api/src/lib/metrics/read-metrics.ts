import { Counter, type Registry } from 'prom-client';

export type ReadSource = 'replica' | 'primary';

export interface ReadMetrics {
  /** Counts a request that read through `request.readDb`, by where those reads went (once per request). */
  read(source: ReadSource): void;
  /** Counts a read that failed on the replica for its connection and was run again on the primary. */
  fallback(): void;
}

/**
 * Where the API's reads go (docs/decisions/059): requests by the database their reads used,
 * and reads the replica lost and the primary served (packages/db read-fallback.ts).
 */
export function createReadMetrics(registry: Registry): ReadMetrics {
  const reads = new Counter({
    name: 'estately_db_reads_total',
    help: 'Requests that read public listings through the read routing, by the database their reads went to (replica or primary).',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  // Both series from the start, so a rate over either is defined before its first request.
  reads.inc({ source: 'replica' }, 0);
  reads.inc({ source: 'primary' }, 0);
  const fallbacks = new Counter({
    name: 'estately_replica_read_fallbacks_total',
    help: 'Reads that failed on the replica because its connection failed (the replica stopped, restarting or unreachable) and were run again on the primary.',
    registers: [registry],
  });
  return {
    read(source) {
      reads.inc({ source });
    },
    fallback() {
      fallbacks.inc();
    },
  };
}
