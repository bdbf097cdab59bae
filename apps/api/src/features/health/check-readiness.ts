import type { ReadinessResponse } from '@estately/domain';
import type { ReadRoutingStatus } from '../../lib/read-routing-status.ts';

export interface CheckReadinessOptions {
  /** One round trip to the primary; rejects when it does not answer. */
  pingPrimary: () => Promise<void>;
  /** The migrations of this build the database lacks (@estately/db pendingMigrations). */
  pendingMigrations: () => Promise<string[]>;
  /** The facet index's start-up load (FacetIndex.warmState). */
  searchIndex: ReadinessResponse['searchIndex']['state'];
  /**
   * Where reads go: the read routing's status when the app has one; else null, and a replica
   * in use (`pingReplica` given) is asked directly.
   */
  readRouting: ReadRoutingStatus | null;
  /** One round trip to the replica reads go to, without read routing; undefined without a replica. */
  pingReplica?: (() => Promise<void>) | undefined;
  /** A part that hangs counts as not ready after this long, so probes never pile up. */
  timeoutMs?: number;
}

/** `work`, or a rejection after `ms`. */
async function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this API instance should be given requests (docs/decisions/060): the primary
 * answers, every migration of this build is applied, the facet index is not in its start-up
 * load, and reads go to a source within its lag bound. The parts are asked at once.
 */
export async function checkReadiness(options: CheckReadinessOptions): Promise<ReadinessResponse> {
  const ms = options.timeoutMs ?? 2_000;
  const [primary, pending, replicaAnswers] = await Promise.all([
    within(options.pingPrimary, ms).then(
      () => true,
      () => false,
    ),
    within(options.pendingMigrations, ms).catch(() => null),
    options.readRouting || !options.pingReplica
      ? Promise.resolve(true)
      : within(options.pingReplica, ms).then(
          () => true,
          () => false,
        ),
  ]);

  const reads: ReadRoutingStatus = options.readRouting ?? {
    replica: options.pingReplica ? (replicaAnswers ? 'ok' : 'down') : 'none',
    lagSeconds: null,
    readsFrom: options.pingReplica ? 'replica' : 'primary',
  };
  const parts = {
    database: { ready: primary, state: primary ? ('ok' as const) : ('down' as const) },
    migrations: { ready: pending !== null && pending.length === 0, pending },
    // The start-up load: a visitor's search would otherwise wait for the partitions it reads.
    // After a failed load (or none) partitions load on first use, as a search needs them.
    searchIndex: { ready: options.searchIndex !== 'warming', state: options.searchIndex },
    reads: {
      ready: reads.readsFrom === 'primary' ? primary : reads.replica === 'ok',
      replica: reads.replica,
      readsFrom: reads.readsFrom,
      lagSeconds: reads.lagSeconds,
    },
  };
  const ready = Object.values(parts).every((part) => part.ready);
  return { status: ready ? 'ready' : 'not_ready', ...parts };
}
