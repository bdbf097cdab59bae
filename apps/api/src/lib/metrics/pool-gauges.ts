import { Gauge, type Registry } from 'prom-client';

/** What the gauges read of a node-postgres Pool. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface PoolGauges {
  /** Reports `pool` under `name` (`primary`, `read`, `jobs`); nothing for undefined (PGlite, no replica). */
  add(name: string, pool: PoolCounts | undefined): void;
}

/**
 * Gauges of the database connection pools, labelled by pool: clients open, clients idle, and
 * queries waiting for a client. A pool whose waiting count stays above zero is too small or its
 * database too slow. Read at each scrape; nothing runs in between.
 */
export function createPoolGauges(registry: Registry): PoolGauges {
  const pools = new Map<string, PoolCounts>();
  const gauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const [pool, counts] of pools) this.set({ pool }, read(counts));
      },
    });
  gauge('estately_db_pool_clients', 'Database connections open in the pool.', (pool) => pool.totalCount);
  gauge(
    'estately_db_pool_idle_clients',
    'Database connections open and idle in the pool.',
    (pool) => pool.idleCount,
  );
  gauge(
    'estately_db_pool_waiting_queries',
    'Queries waiting for a connection of the pool.',
    (pool) => pool.waitingCount,
  );
  return {
    add(name, pool) {
      if (pool) pools.set(name, pool);
    },
  };
}
