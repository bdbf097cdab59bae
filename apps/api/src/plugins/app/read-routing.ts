import { createPostgres, type Db, onReadFallback } from '@estately/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import type { ReadMetrics } from '../../lib/metrics/read-metrics.ts';
import { parseLsn, type ReadRoutingStatus, ReplicaMonitor } from './replica-monitor.ts';
import { WriteMarks } from './write-marks.ts';

export type { ReadRoutingStatus } from './replica-monitor.ts';

// Where a request's reads go (docs/decisions/059). Public listings and searches read
// `request.readDb`: the replica (DATABASE_READ_URL) while it is within REPLICA_MAX_LAG_SECONDS
// of the primary, else the primary (replica-monitor.ts). And a visitor who has just written
// reads the primary until the replica has replayed that write: after every successful write
// request the primary's WAL position is marked for the visitor (write-marks.ts; the account
// when signed in, and the visitor's address), and a later request of the same visitor reads
// the primary while that mark is ahead of the replica's replayed position. Background work
// (the facet index's warm-up) keeps `app.readDb`. Without a replica `request.readDb` is the
// primary and nothing here runs: no hook, no position read.
//
// A read the replica loses to its connection (stopped, restarting) is run again on the primary
// by the read pool itself (packages/db read-fallback.ts); the monitor is then asked to look at
// once. `estately_db_reads_total` counts each request whose handler read `request.readDb`, once,
// by where the database it got at its first read points.

/** Methods that write nothing (a mark is recorded after the others). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NO_REPLICA: ReadRoutingStatus = { replica: 'none', lagSeconds: null, readsFrom: 'primary' };

export interface ReadRouting {
  /** The replica's state and where reads go now (metrics and readiness read this). */
  status(): ReadRoutingStatus;
  /** Polls the replica now rather than at the next tick (tests). */
  refresh(): Promise<void>;
}

export interface ReadRoutingOptions {
  config: Config;
  /** Prefix of the marks' keys in Redis (tests share one server). */
  redisPrefix?: string;
  /** Milliseconds between polls of the replica (default 250). */
  pollMs?: number;
}

/**
 * The keys a request's marks are kept under: the account (signed in: `request.user` on routes
 * behind a guard, else the access token's subject, whose signature is checked but whose
 * session is not looked up; choosing a database is no permission) and the visitor's address
 * (plugins/app/visitor.ts), so a page the web server renders for the same person without the
 * token still finds the mark. The web server's own calls for many visitors have neither.
 */
function visitorKeys(request: FastifyRequest, config: Config): string[] {
  const keys: string[] = [];
  let account = request.user?.id;
  if (account === undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (match?.[1]) {
      const verified = verifyAccessToken(config.jwt.keys, match[1]);
      if (verified.ok) account = verified.claims.sub;
    }
  }
  if (account !== undefined) keys.push(`u:${account}`);
  if (request.visitor?.charged) keys.push(`a:${request.visitor.address}`);
  return keys;
}

async function readRouting(app: FastifyInstance, options: ReadRoutingOptions) {
  const { config } = options;
  const primary = app.db;
  const replica = app.readDb;
  const metrics: ReadMetrics | undefined = app.hasDecorator('metrics') ? app.metrics.reads : undefined;
  // Requests whose reads were counted: the getter below runs for every statement a handler sends.
  const counted = new WeakSet<FastifyRequest>();
  const count = (request: FastifyRequest, db: Db) => {
    if (!metrics || counted.has(request)) return;
    counted.add(request);
    metrics.read(db === primary ? 'primary' : 'replica');
  };
  if (replica === primary) {
    app.decorate('readRouting', { status: () => NO_REPLICA, refresh: async () => {} });
    app.decorateRequest('readDb', {
      getter(this: FastifyRequest) {
        count(this, primary);
        return primary;
      },
    });
    return;
  }

  // The monitor's statements go over connections of their own when the addresses are known
  // (always in the servers): queued behind a busy request pool, a poll would time out and call
  // a healthy replica down exactly when the primary can least take every read.
  const own =
    config.databaseUrl && config.databaseReadUrl
      ? createPostgres(
          config.databaseUrl,
          config.databaseReadUrl,
          1,
          { connectMs: 1_000, queryMs: 1_000 },
          // The monitor asks the replica itself: its polls must fail when the replica does.
          { readFallback: false },
        )
      : undefined;
  const monitor = new ReplicaMonitor({
    primary: own?.db ?? primary,
    replica: own?.readDb ?? replica,
    maxLagSeconds: config.replicaMaxLagSeconds,
    pollMs: options.pollMs,
    onSwitch: (status, reason) => {
      if (status.readsFrom === 'primary')
        app.log.warn({ readRouting: status, reason }, 'reads go to the primary');
      else app.log.info({ readRouting: status, reason }, 'reads go to the replica again');
    },
  });
  // A mark must outlive any lag the replica is still used with (it is then the primary's turn
  // anyway); a minute covers the default bound of 5 s many times over.
  const ttlMs = Math.max(60_000, (2 * config.replicaMaxLagSeconds + 1) * 1000);
  const marks = new WriteMarks({
    redisUrl: config.redisUrl,
    prefix: options.redisPrefix,
    ttlMs,
    onRedisState: (available, error) => {
      if (available) app.log.info('read-your-writes marks reach Redis again');
      else
        app.log.warn(
          { err: error },
          'read-your-writes marks cannot reach Redis: each instance knows only its own writers until it is back',
        );
    },
  });
  let markFailing = false;
  await monitor.start();
  // A read the pool ran again on the primary: the replica is likely gone, ask now rather than
  // at the next tick (several failures at once join one poll).
  const stopListening = onReadFallback(replica, () => {
    void monitor.suspect();
  });

  app.decorate('readRouting', { status: () => monitor.status(), refresh: () => monitor.poll() });
  // Each request's choice, kept out of the request so the hooks below can read and change it
  // without counting as the handler's reads.
  const chosen = new WeakMap<FastifyRequest, Db>();
  app.decorateRequest('readDb', {
    getter(this: FastifyRequest) {
      const db = chosen.get(this) ?? primary;
      count(this, db);
      return db;
    },
    setter(this: FastifyRequest, db: Db) {
      chosen.set(this, db);
    },
  });
  app.addHook('onRequest', (request, _reply, done) => {
    chosen.set(request, monitor.status().readsFrom === 'replica' ? replica : primary);
    done();
  });
  // After the guards (onRequest) have named the user and the body is parsed, before the handler.
  app.addHook('preHandler', async (request) => {
    if (chosen.get(request) === primary) return;
    const keys = visitorKeys(request, config);
    if (keys.length === 0) return;
    const mark = await marks.highest(keys);
    if (mark === null) return;
    // The replayed position of the last poll (at most pollMs old): an older position only sends
    // the visitor to the primary a little longer.
    const replayed = monitor.replayedLsn();
    if (replayed === null || mark > replayed) chosen.set(request, primary);
  });
  // Before the answer leaves: the visitor's next request may come the moment it arrives.
  app.addHook('onSend', async (request, reply, payload) => {
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    // A POST that only reads (a search URL taken apart) says so; a mark it made anyway would
    // cost a statement and a few milliseconds of primary reads, nothing worse.
    if (request.routeOptions.config?.readOnly === true) return payload;
    const keys = visitorKeys(request, config);
    if (keys.length === 0) return payload;
    try {
      // The position written so far: with synchronous commit (the default) the write's commit
      // record was flushed before the write request was answered, so it lies at or before this.
      const result = await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        lsn: string;
      }[];
      await marks.mark(keys, parseLsn(String(rows[0]?.lsn)));
      markFailing = false;
    } catch (error) {
      if (!markFailing) app.log.warn({ err: error }, 'the write position of a request could not be marked');
      markFailing = true;
    }
    return payload;
  });
  app.addHook('onClose', async () => {
    stopListening();
    await monitor.stop();
    await marks.close();
    await own?.close();
  });
}

export default fp(readRouting, {
  name: 'read-routing',
  fastify: '5.x',
  dependencies: ['database', 'visitor', 'authentication'],
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Where reads go and why (plugins/app/read-routing.ts). */
    readRouting: ReadRouting;
  }
  interface FastifyContextConfig {
    /** A route of a writing method that writes nothing: no read-your-writes mark after it. */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    /**
     * The database this request's reads go to: the replica, or the primary while the replica
     * lags or this visitor has a write the replica has not replayed (docs/decisions/059).
     */
    readDb: Db;
  }
}
