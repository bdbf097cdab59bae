import type { HealthResponse } from '@estately/domain';

export interface CheckHealthOptions {
  /** One round trip to the database; rejects when it does not answer. */
  pingDatabase: () => Promise<void>;
  version: string;
  /** The search index's start-up load (FacetIndex.warmState). */
  searchIndex: HealthResponse['searchIndex'];
  /** A database that hangs counts as down after this long, so probes never pile up. */
  timeoutMs?: number;
}

/** Reports whether the API can serve requests: it can when its database answers. */
export async function checkHealth(options: CheckHealthOptions): Promise<HealthResponse> {
  const { pingDatabase, version, searchIndex, timeoutMs = 2_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database ping timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pingDatabase(), timeout]);
    return { status: 'ok', database: 'ok', version, searchIndex };
  } catch {
    return { status: 'unavailable', database: 'down', version, searchIndex };
  } finally {
    clearTimeout(timer);
  }
}
