// The production topology on one machine (docs/deploy.md, issue 41), from standard parts:
// nginx (TLS, HTTP/2) in front of 2 web and 2 API instances, 1 job worker, a PostgreSQL primary
// with a streaming replica (pgBackRest archiving its WAL), a private Redis, s3rver as object
// storage, Prometheus scraping every instance, and an SMTP peer unless SMTP_URL names one.
// `npm run cluster` (scripts/cluster/cluster.ts) runs it in the foreground; the reliability
// checks start it through startCluster().
//
// nginx has no active health checks, so this runner is the balancer's eyes: every 500 ms it asks
// each web and API instance for its readiness, and a supervisor starts again any instance that
// exits. Each reload of nginx (SIGHUP) resets some visitors' connections, so the upstreams change
// only for an instance that runs and answers but is not ready (balancerMember): its `down` is
// written and nginx reloaded. An instance that takes no connections (it crashed, was killed, is
// being started again or restarted by a rolling restart) stays in the upstream: nginx's connect
// to it is refused, which nothing was sent on, so nginx's passive failure detection (max_fails=1
// fail_timeout=2s) passes the request, whatever its method, to the other instance. A rolling
// restart is reload-free too: SIGTERM (the instance closes its listener and finishes the
// requests under way), then the new process, until it is ready.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, migrate } from '@estately/db';
import { isSeeded, seed } from '@estately/db/seed';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { mediaStorage } from '../../../apps/api/src/plugins/app/media.ts';
import { startSmtpPeer } from '../../reliability/lib/smtp-peer.ts';
import { WEB_NODE_FLAGS } from '../../web-process.ts';
import { killStrays, portTaken, sleep } from './child.ts';
import {
  type Instance,
  type InstanceKind,
  type InstanceSpec,
  ManagedInstance,
  type Readiness,
} from './instances.ts';
import { FAIL_TIMEOUT_SECONDS, Nginx } from './nginx.ts';
import { type ClusterPorts, clusterPorts, type InstanceName, PROXY_ADDRESS } from './ports.ts';
import { PostgresPair } from './postgres.ts';
import { Prometheus } from './prometheus.ts';
import { RedisServer } from './redis.ts';
import { startObjectStorage } from './s3.ts';
import { ensureSecrets } from './secrets.ts';
import { ensureCertificate } from './tls.ts';

export type { Instance } from './instances.ts';

const root = path.join(import.meta.dirname, '..', '..', '..');

export interface ClusterOptions {
  dir: string;
  portBase: number;
  /** Demo offers seeded on the first start (SEED_OFFERS, default 3000). */
  seedOffers?: number;
  /** Added to every instance's environment (after the cluster's own variables). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Cluster {
  /** https://localhost:<base> */
  publicUrl: string;
  /** http://127.0.0.1:<base+1>, the API balancer the web servers call. */
  apiInternalUrl: string;
  prometheusUrl: string;
  primaryUrl: string;
  replicaUrl: string;
  redisUrl: string;
  s3Url: string;
  /** The self-signed certificate (clients pass it as their CA). */
  certificatePath: string;
  instances: Instance[];
  postgres: PostgresPair;
  redis: { stop(): Promise<void>; start(): Promise<void> };
  /** Resolves with the milliseconds until the instance answered ready. */
  waitReady(name: string, timeoutMs?: number): Promise<number>;
  /**
   * Every instance in turn: stopped gracefully (it closes its listener and finishes the requests
   * under way, nginx sends new ones to its peer), started again, ready before the next.
   */
  rollingRestart(): Promise<{ name: string; readyMs: number }[]>;
  internalToken: string;
  jwtSecrets: string;
  stop(): Promise<void>;
}

/** What `npm run cluster -- status` reads: written at each change of an instance. */
export interface ClusterState {
  runnerPid: number;
  publicUrl: string;
  prometheusUrl: string;
  updatedAt: string;
  instances: {
    name: InstanceName;
    kind: InstanceKind;
    port: number | null;
    metricsUrl: string;
    pid: number | null;
    restarts: number;
    inBalancer: boolean;
  }[];
}

export const STATE_FILE = 'cluster.json';

/**
 * Node flags and environment of package.json's `start` and `worker` scripts
 * ("VAR=value ... node --flag ... script.ts"), so a cluster instance runs as those commands do.
 */
export function scriptLaunch(script: 'start' | 'worker'): {
  env: Record<string, string>;
  nodeArgs: string[];
} {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts[script] ?? '').split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  const nodeArgs: string[] = [];
  let afterNode = false;
  for (const word of words) {
    if (!afterNode) {
      if (word === 'node') afterNode = true;
      else if (/^[A-Z_][A-Z0-9_]*=/.test(word))
        env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
    } else if (word.startsWith('--')) nodeArgs.push(word);
  }
  return { env, nodeArgs };
}

/** The environment of each instance (docs/deploy.md lists every variable per process). */
export function instanceSpecs(options: {
  ports: ClusterPorts;
  dir: string;
  primaryUrl: string;
  replicaUrl: string;
  redisUrl: string;
  s3Url: string;
  smtpUrl: string;
  jwtSecrets: string;
  internalToken: string;
  extraEnv?: Record<string, string>;
}): InstanceSpec[] {
  const { ports } = options;
  const publicUrl = `https://localhost:${ports.public}`;
  const apiLaunch = scriptLaunch('start');
  const workerLaunch = scriptLaunch('worker');
  const base = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info' };
  const backend = (name: InstanceName) => ({
    ...base,
    DATABASE_URL: options.primaryUrl,
    DATABASE_READ_URL: options.replicaUrl,
    REDIS_URL: options.redisUrl,
    S3_URL: options.s3Url,
    MEDIA_PUBLIC_URL: `${publicUrl}/media`,
    JOBS_IN_PROCESS: 'false',
    JWT_SECRETS: options.jwtSecrets,
    INTERNAL_API_TOKEN: options.internalToken,
    TRUST_PROXY: PROXY_ADDRESS,
    PUBLIC_API_URL: `${publicUrl}/api`,
    PUBLIC_WEB_URL: publicUrl,
    WEB_ORIGIN: publicUrl,
    SMTP_URL: options.smtpUrl,
    METRICS_PORT: String(ports.metrics[name]),
    // Nothing is kept on the local disk (media are in the bucket), but a folder of its own.
    DATA_DIR: path.join(options.dir, 'data', name),
  });
  const api = (name: 'api1' | 'api2'): InstanceSpec => ({
    name,
    kind: 'api',
    port: ports.instance[name],
    metricsPort: ports.metrics[name],
    script: path.join(root, 'apps/api/src/server.ts'),
    nodeArgs: apiLaunch.nodeArgs,
    env: {
      ...backend(name),
      ...apiLaunch.env,
      API_PORT: String(ports.instance[name]),
      API_HOST: '127.0.0.1',
      ...options.extraEnv,
    },
  });
  // The web server runs with the flags `npm start` gives its forked web process (web-process.ts).
  const webNodeArgs = [
    ...apiLaunch.nodeArgs.filter((arg) => !arg.startsWith('--max-semi-space-size')),
    ...WEB_NODE_FLAGS,
  ];
  const web = (name: 'web1' | 'web2'): InstanceSpec => ({
    name,
    kind: 'web',
    port: ports.instance[name],
    metricsPort: ports.metrics[name],
    script: path.join(root, 'apps/web/server/server.ts'),
    nodeArgs: webNodeArgs,
    env: {
      ...base,
      ...apiLaunch.env,
      WEB_PORT: String(ports.instance[name]),
      // Reachable through the balancer only, as the API instances are.
      WEB_HOST: '127.0.0.1',
      // One line per request with its id: the request's path from nginx's log to the API's.
      WEB_ACCESS_LOG: 'on',
      // One process per instance: the balancer spreads the load over the instances.
      WEB_WORKERS: '1',
      API_URL: `http://127.0.0.1:${ports.internalApi}`,
      PUBLIC_API_URL: `${publicUrl}/api`,
      PUBLIC_WEB_URL: publicUrl,
      MEDIA_PUBLIC_URL: `${publicUrl}/media`,
      WEB_TRUST_PROXY: PROXY_ADDRESS,
      INTERNAL_API_TOKEN: options.internalToken,
      METRICS_PORT: String(ports.metrics[name]),
      ...options.extraEnv,
    },
  });
  const worker: InstanceSpec = {
    name: 'worker',
    kind: 'worker',
    port: null,
    metricsPort: ports.metrics.worker,
    script: path.join(root, 'apps/api/src/worker.ts'),
    nodeArgs: workerLaunch.nodeArgs,
    env: { ...backend('worker'), ...workerLaunch.env, ...options.extraEnv },
  };
  return [web('web1'), web('web2'), api('api1'), api('api2'), worker];
}

/** Migrates the primary and, on the first start, seeds the demo data (photos into the bucket). */
async function prepareDatabase(
  apiEnv: Record<string, string | undefined>,
  offers: number,
  log: (line: string) => void,
): Promise<void> {
  const config = loadConfig(apiEnv);
  const db = await createDatabase({ url: config.databaseUrl });
  try {
    await migrate(db);
    if (!(await isSeeded(db))) {
      log(`First start: seeding ${offers} demo offers...`);
      const result = await seed({ handle: db, storage: mediaStorage(config), offers });
      log(`Seeded ${result.activeOffers} active offers in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
    }
  } finally {
    await db.close();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = path.resolve(options.dir);
  const log = options.log ?? ((line: string) => console.log(`[cluster] ${line}`));
  const ports = clusterPorts(options.portBase);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  // PostgreSQL runs as the postgres user, which must reach its folder inside (a folder made by
  // mkdtemp is 0700). The secrets and the TLS key inside are 0600.
  chmodSync(dir, 0o755);
  const strays = await killStrays(dir);
  if (strays > 0) log(`ended ${strays} processes an earlier runner of ${dir} left behind`);
  // Another program on one of the ports would answer in an instance's place (PostgreSQL's are
  // checked by its own start).
  const ours = [
    ports.public,
    ports.internalApi,
    ports.redis,
    ports.s3,
    ports.prometheus,
    ...Object.values(ports.instance).filter((port): port is number => port !== null),
    ...Object.values(ports.metrics),
  ];
  const taken = (await Promise.all(ours.map(async (port) => ((await portTaken(port)) ? port : 0)))).filter(
    Boolean,
  );
  if (taken.length > 0)
    throw new Error(
      `Ports of the cluster (base ${options.portBase}) are in use by other programs: ${taken.join(', ')}. Stop them or choose another CLUSTER_PORT_BASE.`,
    );

  const certificate = ensureCertificate(dir);
  const secrets = ensureSecrets(dir);
  // Undone in reverse order by stop(), or when a later part fails to start.
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of stops.splice(0).reverse()) {
      await part.stop().catch((error: unknown) => log(`stopping ${part.name} failed: ${String(error)}`));
    }
  };

  try {
    const started = performance.now();
    const postgres = new PostgresPair({
      dir: path.join(dir, 'postgres'),
      primaryPort: ports.pgPrimary,
      replicaPort: ports.pgReplica,
    });
    stops.push({ name: 'PostgreSQL', stop: () => postgres.stop() });
    const redis = new RedisServer(dir, ports.redis);
    stops.push({ name: 'Redis', stop: () => redis.stop() });
    const [, , storage, smtp] = await Promise.all([
      postgres.open(),
      redis.start(),
      startObjectStorage(dir, ports.s3),
      options.env?.SMTP_URL || process.env.SMTP_URL ? undefined : startSmtpPeer(),
    ]);
    stops.push({ name: 'object storage', stop: () => storage.stop() });
    if (smtp) {
      // Every mail is accepted and written to logs/mail.log, not kept in memory.
      const mailLog = path.join(dir, 'logs', 'mail.log');
      smtp.onAccepted = (mail) => {
        smtp.received.length = 0;
        writeFileSync(mailLog, `${JSON.stringify({ time: new Date().toISOString(), ...mail })}\n`, {
          flag: 'a',
        });
      };
      stops.push({ name: 'SMTP peer', stop: () => smtp.close() });
    }
    const smtpUrl = options.env?.SMTP_URL || process.env.SMTP_URL || smtp?.url || '';
    log(`PostgreSQL, Redis and object storage up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const specs = instanceSpecs({
      ports,
      dir,
      primaryUrl: postgres.primaryUrl,
      replicaUrl: postgres.replicaUrl,
      redisUrl: redis.url,
      s3Url: storage.s3Url,
      smtpUrl,
      jwtSecrets: secrets.jwtSecrets,
      internalToken: secrets.internalToken,
      extraEnv: options.env,
    });
    const apiEnv = specs.find((spec) => spec.name === 'api1')?.env ?? {};
    await prepareDatabase(apiEnv, options.seedOffers ?? Number(process.env.SEED_OFFERS ?? 3000), log);

    const instances = specs.map((spec) => new ManagedInstance(spec, dir, root, log));
    const byName = (name: string) => {
      const found = instances.find((instance) => instance.name === name);
      if (!found) throw new Error(`No instance named ${name}`);
      return found;
    };
    stops.push({
      name: 'instances',
      // Web first (no new pages), then the API they call, then the worker.
      stop: async () => {
        await Promise.all(instances.filter((i) => i.kind === 'web').map((i) => i.stop()));
        await Promise.all(instances.filter((i) => i.kind !== 'web').map((i) => i.stop()));
      },
    });
    for (const instance of instances) instance.start();

    const prometheus = new Prometheus(
      dir,
      ports.prometheus,
      specs.map((spec) => ({ instance: spec.name, kind: spec.kind, port: ports.metrics[spec.name] })),
    );
    stops.push({ name: 'Prometheus', stop: () => prometheus.stop() });
    const prometheusStarted = prometheus.start();
    // Awaited below; a failure meanwhile must not end the process as an unhandled rejection.
    prometheusStarted.catch(() => {});

    // nginx starts with the instances: a web server is ready only once it reaches the API,
    // which it does through nginx's internal listener. The poller puts each in as it is ready.
    const balancer = new Balancer(dir, instances, ports, certificate, storage, log);
    stops.push({ name: 'nginx', stop: () => balancer.stop() });
    await balancer.start();

    const readyMs = await Promise.all(instances.map((instance) => instance.waitReady(120_000)));
    log(
      `instances ready: ${instances.map((instance, index) => `${instance.name} ${((readyMs[index] ?? 0) / 1000).toFixed(1)} s`).join(', ')}`,
    );
    await balancer.waitAllIn(30_000);
    await prometheusStarted;
    const writeState = () => balancer.writeState(prometheus.url);
    balancer.onChange = writeState;
    writeState();
    log(`cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    return {
      publicUrl: `https://localhost:${ports.public}`,
      apiInternalUrl: `http://127.0.0.1:${ports.internalApi}`,
      prometheusUrl: prometheus.url,
      primaryUrl: postgres.primaryUrl,
      replicaUrl: postgres.replicaUrl,
      redisUrl: redis.url,
      s3Url: storage.s3Url,
      certificatePath: certificate.certificatePath,
      instances,
      postgres,
      redis: { stop: () => redis.stop(), start: () => redis.start() },
      waitReady: (name, timeoutMs) => byName(name).waitReady(timeoutMs),
      rollingRestart: () => balancer.rollingRestart(),
      internalToken: secrets.internalToken,
      jwtSecrets: secrets.jwtSecrets,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * How many not-ready answers in a row take a running instance out of the balancer (each change
 * reloads nginx, which resets some visitors' connections). A busy machine answers a probe late
 * now and then: two seconds of them, not one late answer, take an instance out.
 */
export const FAILS_TO_DOWN = 4;
/**
 * The same for a process that has not been ready since it started: an API instance answers while
 * it loads its search index (searches answered, some more slowly; 8.2 s at 1M offers,
 * docs/deploy.md), and taking it out for that would reload nginx twice.
 */
export const STARTING_FAILS_TO_DOWN = 20;
const POLL_MS = 500;
/**
 * How long a rolling restart waits after an instance is ready before it stops the next one. nginx
 * still counts the instance as failed (its connects were refused while it restarted) until
 * fail_timeout has passed and a request succeeded there; its peer stopped before that would leave
 * nginx no instance to send to ("no live upstreams", 502).
 */
const SETTLE_MS = FAIL_TIMEOUT_SECONDS * 1000 + 1_000;
/** How long a rolling restart waits, past SETTLE_MS, for nginx's first answer from the instance. */
const ANSWER_WAIT_MS = 20_000;

/** What the balancer knows of one web or API instance. */
export interface MemberState {
  inBalancer: boolean;
  /** Not-ready answers in a row from the running process. */
  failures: number;
  /** The process that last answered ready. */
  readyPid: number | undefined;
}

/**
 * The next state of an instance after a readiness probe of its process `pid`. Ready puts it in;
 * an instance that takes no connections (exited, killed, starting, stopping) changes nothing:
 * nginx's refused connects send its requests to the other instance, with no reload. Only a
 * process that answers not ready, FAILS_TO_DOWN times in a row (STARTING_FAILS_TO_DOWN before
 * its first ready answer), is taken out.
 */
export function balancerMember(state: MemberState, probe: Readiness, pid: number | undefined): MemberState {
  if (probe === 'ready') return { inBalancer: true, failures: 0, readyPid: pid };
  if (probe === 'not-listening') return { ...state, failures: 0 };
  const failures = state.failures + 1;
  const limit = pid !== undefined && pid === state.readyPid ? FAILS_TO_DOWN : STARTING_FAILS_TO_DOWN;
  return { ...state, failures, inBalancer: state.inBalancer && failures < limit };
}

/** One web or API instance in a readiness round: its state, its probe's answer and its pid. */
export interface MemberRound {
  kind: InstanceKind;
  state: MemberState;
  probe: Readiness;
  pid: number | undefined;
}

/**
 * The next states of every balanced instance after one readiness round. Each follows
 * balancerMember, with one exception: an instance that has served before and answers, even not
 * ready, stays in (or comes back) while no other instance of its kind answered ready. A web
 * server whose probe of the API times out under load is still better than none: with its peer
 * stopping in a rolling restart, taking it out leaves nginx "no live upstreams" (502 to everyone).
 * Its failures keep counting, so it goes out in the first round in which a peer is ready again.
 */
export function balancerRound(members: MemberRound[]): MemberState[] {
  return members.map((member, index) => {
    const next = balancerMember(member.state, member.probe, member.pid);
    if (next.inBalancer || member.probe !== 'not-ready' || member.state.readyPid === undefined) return next;
    const peerReady = members.some(
      (peer, j) => j !== index && peer.kind === member.kind && peer.probe === 'ready',
    );
    return peerReady ? next : { ...next, inBalancer: true };
  });
}

/** nginx and the readiness poller that keeps its upstreams true. */
class Balancer {
  onChange: () => void = () => {};
  private readonly nginx: Nginx;
  private readonly members = new Map<InstanceName, MemberState>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private stopped = false;
  /** nginx reloads one after another. */
  private applying: Promise<void> = Promise.resolve();
  private restarting = false;

  private readonly dir: string;
  private readonly instances: ManagedInstance[];
  private readonly ports: ClusterPorts;
  private readonly log: (line: string) => void;

  constructor(
    dir: string,
    instances: ManagedInstance[],
    ports: ClusterPorts,
    certificate: { certificatePath: string; keyPath: string },
    storage: { endpoint: string; bucket: string },
    log: (line: string) => void,
  ) {
    this.dir = dir;
    this.instances = instances;
    this.ports = ports;
    this.log = log;
    for (const instance of this.balanced())
      this.members.set(instance.name, { inBalancer: false, failures: 0, readyPid: undefined });
    this.nginx = new Nginx(dir, {
      publicPort: ports.public,
      internalApiPort: ports.internalApi,
      certificatePath: certificate.certificatePath,
      keyPath: certificate.keyPath,
      web: this.upstream('web'),
      api: this.upstream('api'),
      mediaOrigin: storage.endpoint,
      bucket: storage.bucket,
    });
    for (const instance of instances) {
      instance.onChange = () => {
        this.onChange();
        void this.poll();
      };
    }
  }

  private balanced(): ManagedInstance[] {
    return this.instances.filter((instance) => instance.port !== null);
  }

  private upstream(kind: 'web' | 'api') {
    return this.instances
      .filter((instance) => instance.kind === kind && instance.port !== null)
      .map((instance) => ({ port: instance.port ?? 0, down: !this.isIn(instance.name) }));
  }

  private isIn(name: InstanceName): boolean {
    return this.members.get(name)?.inBalancer ?? false;
  }

  async start(): Promise<void> {
    await this.nginx.start();
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }

  /** Resolves once every web and API instance is in the balancer. */
  async waitAllIn(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.balanced().some((instance) => !this.isIn(instance.name))) {
      if (Date.now() > deadline)
        throw new Error(`Not every instance entered the balancer within ${timeoutMs} ms`);
      await this.applying;
      await sleep(100);
    }
    await this.applying;
  }

  /** One round of readiness answers; reloads nginx when an instance goes in or out. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const balanced = this.balanced();
      const pids = balanced.map((instance) => instance.pid());
      const answers = await Promise.all(balanced.map((instance) => instance.probe()));
      let changed = false;
      const states = balanced.map(
        (instance) =>
          this.members.get(instance.name) ?? { inBalancer: false, failures: 0, readyPid: undefined },
      );
      const nextStates = balancerRound(
        balanced.map((instance, index) => ({
          kind: instance.kind,
          state: states[index] as MemberState,
          probe: answers[index] ?? 'not-listening',
          pid: pids[index],
        })),
      );
      balanced.forEach((instance, index) => {
        const state = states[index] as MemberState;
        const next = nextStates[index] as MemberState;
        this.members.set(instance.name, next);
        if (next.inBalancer !== state.inBalancer) {
          this.log(
            `${instance.name} ${next.inBalancer ? 'ready: back in the balancer' : 'not ready: out of the balancer'}`,
          );
          changed = true;
        }
      });
      if (changed) await this.apply();
    } catch (error) {
      this.log(`readiness round failed: ${String(error)}`);
    } finally {
      this.polling = false;
    }
  }

  /** Writes the upstreams as inBalancer says and reloads nginx. */
  private apply(): Promise<void> {
    const next = this.applying.then(async () => {
      if (this.stopped) return;
      await this.nginx.update(this.upstream('web'), this.upstream('api'));
      this.onChange();
    });
    this.applying = next.catch((error: unknown) => this.log(`nginx reload failed: ${String(error)}`));
    return next;
  }

  async rollingRestart(): Promise<{ name: string; readyMs: number }[]> {
    if (this.restarting) throw new Error('A rolling restart is already under way');
    this.restarting = true;
    const results: { name: string; readyMs: number }[] = [];
    try {
      // The API first (the web servers' pages need it), then the web, then the worker.
      const order: InstanceKind[] = ['api', 'web', 'worker'];
      for (const kind of order) {
        for (const instance of this.instances.filter((i) => i.kind === kind)) {
          if (this.stopped) throw new Error('The cluster stopped during the rolling restart');
          results.push({ name: instance.name, readyMs: await this.restartOne(instance) });
        }
      }
      return results;
    } finally {
      this.restarting = false;
    }
  }

  /**
   * SIGTERM, the new process, ready: the upstream is not touched (no reload). The stopping
   * instance closes its listener and finishes the requests under way; nginx's connects to it are
   * refused from then on and go to its peer, until the new process listens and nginx has taken
   * it back (SETTLE_MS).
   */
  private async restartOne(instance: ManagedInstance): Promise<number> {
    this.log(`rolling restart: stopping ${instance.name}`);
    await instance.stop();
    // The cluster was stopped meanwhile: starting the instance again would outlive it.
    if (this.stopped) throw new Error('The cluster stopped during the rolling restart');
    const marks = this.nginx.accessLogMarks();
    instance.start();
    const readyMs = await instance.waitReady(120_000);
    // Its peer goes next: this one must be in the balancer first (the poller puts it back if it
    // was taken out while starting).
    const deadline = Date.now() + 30_000;
    while (instance.port !== null && !this.isIn(instance.name) && Date.now() < deadline) await sleep(100);
    await this.applying;
    if (instance.port !== null) {
      await sleep(SETTLE_MS);
      // nginx takes the instance back only when a request it sends there succeeds, and the first
      // pages of a fresh process are slow: stopping its peer before would leave the requests the
      // peer drops nowhere to go ("no live upstreams"). Without visitors nothing is sent there,
      // and nothing is lost by going on.
      const answered = Date.now() + ANSWER_WAIT_MS;
      while (!this.nginx.answeredFrom(instance.port, marks) && Date.now() < answered) await sleep(200);
    }
    this.log(`rolling restart: ${instance.name} ready in ${(readyMs / 1000).toFixed(1)} s`);
    return readyMs;
  }

  writeState(prometheusUrl: string): void {
    const state: ClusterState = {
      runnerPid: process.pid,
      publicUrl: `https://localhost:${this.ports.public}`,
      prometheusUrl,
      updatedAt: new Date().toISOString(),
      instances: this.instances.map((instance) => ({
        name: instance.name,
        kind: instance.kind,
        port: instance.port,
        metricsUrl: instance.metricsUrl,
        pid: instance.pid() ?? null,
        restarts: instance.restarts,
        inBalancer: instance.port === null ? false : this.isIn(instance.name),
      })),
    };
    writeFileSync(path.join(this.dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.applying;
    await this.nginx.stop();
  }
}
