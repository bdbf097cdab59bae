import type { HealthResponse } from '@estately/domain';

export interface CheckHealthOptions {
  /** One round trip to the database; rejects when it does not answer. */
  pingDatabase: () => Promise<void>;
  version: string;
  /** A database that hangs counts as down after this long, so probes never pile up. */
  timeoutMs?: number;
}

/** Reports whether the API can serve requests: it can when its database answers. */
export async function checkHealth(options: CheckHealthOptions): Promise<HealthResponse> {
  const { pingDatabase, version, timeoutMs = 2_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database ping timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([pingDatabase(), timeout]);
    return { status: 'ok', database: 'ok', version };
  } catch {
    return { status: 'unavailable', database: 'down', version };
  } finally {
    clearTimeout(timer);
  }
}
