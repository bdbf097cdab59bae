// Liveness and readiness of the web server, apart (issue 41): `/health/live` says the process
// answers, so a supervisor restarts it only when it does not; `/health/ready` says it can serve
// pages now — its build is loaded (it listens only after) and the API its loaders call answers —
// so the balancer sends visitors elsewhere while the API behind it is down, without restarting
// a healthy web server. Probes come every second or so from each balancer and supervisor: the
// API's answer is remembered for a second, and probes meanwhile share one call.

export const LIVE_PATH = '/health/live';
export const READY_PATH = '/health/ready';

/** How long one answer of the API is believed. */
export const API_PROBE_TTL_MS = 1_000;
/**
 * The longest the API's liveness may take to answer before it counts as down: on a busy machine
 * a second is sometimes not enough for a live API, and a web server taken out for that would
 * move its visitors onto the others for nothing.
 */
export const API_PROBE_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** Why not, for the 503's body (empty when ready). */
  reasons: string[];
}

export interface ApiProbeOptions {
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** Whether the API at `apiUrl` answers its liveness, asked at most once per `ttlMs`. */
export class ApiProbe {
  readonly #url: string;
  readonly #ttlMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #last: { reason: string | null; at: number } | null = null;
  #pending: Promise<string | null> | null = null;

  constructor(apiUrl: string, options: ApiProbeOptions = {}) {
    this.#url = `${apiUrl}${LIVE_PATH}`;
    this.#ttlMs = options.ttlMs ?? API_PROBE_TTL_MS;
    this.#timeoutMs = options.timeoutMs ?? API_PROBE_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Null when the API answered 2xx, else why not. */
  check(): Promise<string | null> {
    const last = this.#last;
    if (last && this.#now() - last.at < this.#ttlMs) return Promise.resolve(last.reason);
    this.#pending ??= this.#ask().then((reason) => {
      this.#last = { reason, at: this.#now() };
      this.#pending = null;
      return reason;
    });
    return this.#pending;
  }

  async #ask(): Promise<string | null> {
    try {
      const response = await fetch(this.#url, { signal: AbortSignal.timeout(this.#timeoutMs) });
      await response.body?.cancel();
      return response.ok ? null : `api answered ${response.status}`;
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return name === 'TimeoutError' ? 'api did not answer in time' : 'api unreachable';
    }
  }
}

/** The readiness of a server whose build is loaded: the API answers, and it is not stopping. */
export async function readiness(probe: ApiProbe, stopping: boolean): Promise<Readiness> {
  const reasons: string[] = [];
  if (stopping) reasons.push('stopping');
  const api = await probe.check();
  if (api) reasons.push(api);
  return { ready: reasons.length === 0, reasons };
}
