import { createContext } from 'react-router';
import type { WebConfig } from '../config.server.ts';

/**
 * How long the web server believes the API's "no redirect for this path" (docs/decisions/029):
 * the life the page micro-cache gives an anonymous page (decision 021), so a rule an admin adds
 * reaches rendered pages no later than it reaches cached ones.
 */
export const REDIRECT_MISS_TTL_MS = 5_000;
/** Paths remembered at most; the oldest goes first (a crawl of many paths must not grow it). */
export const REDIRECT_MISS_MAX_PATHS = 10_000;

/**
 * The paths the redirect resolver (spec 2's global guard) answered 404 for, each for
 * REDIRECT_MISS_TTL_MS. Almost every page view asks about a path without a rule, so every
 * render saved a round trip to the API (issue 9). Only misses are kept: a hit is a redirect
 * answer, not a render, and the API counts its hits. One per web server (per config, see
 * redirectMissesOf), cleared when this server's admin screens change the rules.
 */
export class RedirectMisses {
  // Insertion order is expiry order: every entry lives the same time.
  private readonly until = new Map<string, number>();
  private readonly options: { ttlMs?: number; maxPaths?: number; now?: () => number };
  constructor(options: { ttlMs?: number; maxPaths?: number; now?: () => number } = {}) {
    this.options = options;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** True while a 404 for `path` is fresh. */
  has(path: string): boolean {
    const until = this.until.get(path);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(path);
    return false;
  }

  /** Remembers a 404 for `path`. */
  add(path: string): void {
    this.until.delete(path);
    const max = this.options.maxPaths ?? REDIRECT_MISS_MAX_PATHS;
    while (this.until.size >= max) {
      const oldest = this.until.keys().next().value;
      if (oldest === undefined) break;
      this.until.delete(oldest);
    }
    this.until.set(path, this.now() + (this.options.ttlMs ?? REDIRECT_MISS_TTL_MS));
  }

  /** Forgets every miss (the redirects table changed). */
  clear(): void {
    this.until.clear();
  }

  get size(): number {
    return this.until.size;
  }
}

/** The web server's misses in the router context; null (nothing kept) outside createLoadContext. */
export const redirectMissesContext = createContext<RedirectMisses | null>(null);

const perConfig = new WeakMap<WebConfig, RedirectMisses>();

/**
 * The misses of the web server serving `config`: each startWeb has its own config, so servers
 * in one process (the browser tests) never share what their APIs answered.
 */
export function redirectMissesOf(config: WebConfig): RedirectMisses {
  let misses = perConfig.get(config);
  if (!misses) {
    misses = new RedirectMisses();
    perConfig.set(config, misses);
  }
  return misses;
}
