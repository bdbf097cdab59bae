// nginx in front of the cluster (docs/deploy.md): the public HTTPS + HTTP/2 listener, the
// internal plain-HTTP balancer the web servers call the API through, and the two upstreams.
// It runs as a child of the runner with its own prefix, configuration, logs and temporary paths
// inside the cluster folder. nginx (open source) has no active health checks: the runner polls
// the instances' readiness and rewrites `down` in the upstreams, then reloads (SIGHUP).
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { PROPERTY_PHOTO_MAX_MEGABYTES } from '@estately/domain';
import { isRunning, logTail, sleep, spawnLogged, stopChild } from './child.ts';
import { PROXY_ADDRESS } from './ports.ts';

export const NGINX_BIN = '/usr/sbin/nginx';

export interface UpstreamServer {
  port: number;
  down: boolean;
}

export interface NginxConfigOptions {
  prefix: string;
  publicPort: number;
  internalApiPort: number;
  certificatePath: string;
  keyPath: string;
  web: UpstreamServer[];
  api: UpstreamServer[];
  /** Where /media/ reads from: the object storage's origin (http://127.0.0.1:PORT). */
  mediaOrigin: string;
  /** The bucket holding the media (path-style addressing). */
  bucket: string;
  /** The user nginx's workers run as, when the master runs as root. */
  user?: string;
}

/**
 * The largest request body a visitor may send: a property photo (the largest upload the API
 * takes, PROPERTY_PHOTO_MAX_MEGABYTES) plus its multipart envelope.
 */
export const CLIENT_MAX_BODY_MEGABYTES = PROPERTY_PHOTO_MAX_MEGABYTES + 1;

/**
 * How long nginx leaves an instance alone after a failed connect or answer (max_fails=1): past it,
 * the next request tries the instance again, and a success puts it back in nginx's rotation.
 */
export const FAIL_TIMEOUT_SECONDS = 2;

function upstreamServers(servers: UpstreamServer[]): string {
  // nginx answers 502 at once when every server of an upstream is `down`; with all of them in,
  // its passive detection can still find the one that answers. So `down` is written only while
  // another server of the upstream is up.
  const anyUp = servers.some((server) => !server.down);
  return servers
    .map(
      (server) =>
        `    server 127.0.0.1:${server.port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s${anyUp && server.down ? ' down' : ''};`,
    )
    .join('\n');
}

/** The whole nginx.conf for these upstream states. */
export function nginxConfig(options: NginxConfigOptions): string {
  const temp = (name: string) => path.join(options.prefix, 'temp', name);
  return `# Written by the cluster runner (scripts/cluster/lib/nginx.ts) at each change: edits are lost.
${options.user ? `user ${options.user};\n` : ''}worker_processes 1;
pid ${path.join(options.prefix, 'nginx.pid')};
error_log ${path.join(options.prefix, 'logs', 'error.log')} warn;

events {
  worker_connections 4096;
  # Take every connection waiting at once, not one per wake-up, when a crowd arrives.
  multi_accept on;
}

http {
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};

  log_format cluster_json escape=json '{"time":"$time_iso8601","request_id":"$request_id",'
    '"remote_addr":"$remote_addr","method":"$request_method","uri":"$request_uri",'
    '"protocol":"$server_protocol","status":$status,"bytes":$body_bytes_sent,'
    '"request_time":$request_time,"upstream_addr":"$upstream_addr",'
    '"upstream_status":"$upstream_status","upstream_response_time":"$upstream_response_time",'
    '"server_port":$server_port}';
  access_log ${path.join(options.prefix, 'logs', 'access.log')} cluster_json;

  sendfile on;
  server_tokens off;
  keepalive_timeout 65s;
  # A property photo is the largest body the API takes.
  client_max_body_size ${CLIENT_MAX_BODY_MEGABYTES}m;

  # Idle upstream connections are closed by nginx before the instance would close them (the web
  # server's keep-alive timeout is Node's 5 s): a request sent on a connection the instance is
  # closing fails, and a POST is not retried.
  upstream web {
${upstreamServers(options.web)}
    keepalive 16;
    keepalive_timeout 4s;
  }

  upstream api {
${upstreamServers(options.api)}
    keepalive 16;
    keepalive_timeout 4s;
  }

  # The object storage, on kept-alive connections: a page of offer cards asks for a dozen
  # photos at once, and a new connection for each kept the storage from accepting in time.
  upstream media {
    server ${options.mediaOrigin.replace(/^https?:\/\//, '')};
    keepalive 16;
    keepalive_timeout 4s;
  }

  # Photos are kept here as a CDN keeps them: their keys never change (a new photo or variant
  # gets a new key), so a copy is never stale, and the storage sees each photo once, not once
  # per visitor. Concurrent misses of one photo wait for the first (proxy_cache_lock).
  proxy_cache_path ${path.join(options.prefix, 'cache', 'media')} levels=1:2 keys_zone=media:10m max_size=1g inactive=1h use_temp_path=off;

  # The internal listener keeps the id the web server gives its API calls (the page's request),
  # and makes one for a call that brings none.
  map $http_x_request_id $internal_request_id {
    "" $request_id;
    default $http_x_request_id;
  }

  # Upstream connections: HTTP/1.1 with keep-alive, from the one address the instances trust.
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_bind ${PROXY_ADDRESS};
  proxy_connect_timeout 2s;
  proxy_read_timeout 60s;
  # A failed or refused attempt goes to the other instance once. POST, PATCH and DELETE are not
  # retried (no non_idempotent): the first instance may have acted on them already. A 503 is the
  # instance's own answer (the web's busy page with Retry-After, a database that does not
  # answer) and is passed on: listed here it would also count as a failure of the instance, and
  # two such answers in a moment of overload would take both instances out (502 for everyone).
  proxy_next_upstream error timeout http_502 http_504;
  proxy_next_upstream_tries 2;
  proxy_next_upstream_timeout 10s;

  server {
    # A crowd arriving opens hundreds of connections in a moment (a browser opens up to six for
    # a page's photos): nginx's default accept queue of 511 overflowed (ListenOverflows in
    # nstat) and visitors' new connections were reset before nginx saw them. The kernel caps it
    # at net.core.somaxconn (4096 by default since Linux 5.4).
    listen 127.0.0.1:${options.publicPort} ssl http2 backlog=4096;
    server_name localhost;
    ssl_certificate ${options.certificatePath};
    ssl_certificate_key ${options.keyPath};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:cluster_tls:1m;

    # One id per request, replacing any a client sent.
    proxy_set_header Host $host:$server_port;
    proxy_set_header X-Request-Id $request_id;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Connection "";
    # The visitor sees the id of its request (the one in every log line): nginx's, not a
    # second copy echoed by the instance.
    proxy_hide_header X-Request-Id;
    add_header X-Request-Id $request_id always;

    # The API on the public origin, its /api prefix taken off.
    location /api/ {
      proxy_pass http://api/;
    }

    # Photos from the bucket on the same https origin (MEDIA_PUBLIC_URL): objects by key, read
    # only (GET and HEAD), without the query string that would turn a read into an S3 API call
    # (?acl, ?list-type=2) and without a listing of the bucket.
    location /media/ {
      limit_except GET {
        deny all;
      }
      rewrite ^/media/(.+)$ /${options.bucket}/$1? break;
      return 404;
      # proxy_set_header of the server block is not inherited once a location sets one: the
      # storage's own host (path-style addressing) and kept-alive connections are named again.
      proxy_set_header Host ${options.mediaOrigin.replace(/^https?:\/\//, '')};
      proxy_set_header Connection "";
      proxy_set_header Authorization "";
      proxy_hide_header X-Request-Id;
      proxy_pass http://media;
      proxy_next_upstream off;
      proxy_connect_timeout 5s;
      proxy_cache media;
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating;
      proxy_ignore_headers Set-Cookie;
    }

    location / {
      proxy_pass http://web;
    }
  }

  server {
    listen 127.0.0.1:${options.internalApiPort} backlog=4096;
    access_log ${path.join(options.prefix, 'logs', 'internal-access.log')} cluster_json;

    proxy_set_header Host $host:$server_port;
    proxy_set_header X-Request-Id $internal_request_id;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Connection "";

    location / {
      proxy_pass http://api;
    }
  }
}
`;
}

/** The nginx child process with its prefix folder. */
export class Nginx {
  readonly prefix: string;
  readonly configPath: string;
  readonly logPath: string;
  private child: ChildProcess | undefined;
  private config: NginxConfigOptions;

  private readonly clusterDir: string;

  constructor(clusterDir: string, config: Omit<NginxConfigOptions, 'prefix' | 'user'>) {
    this.clusterDir = clusterDir;
    this.prefix = path.join(clusterDir, 'nginx');
    this.configPath = path.join(this.prefix, 'nginx.conf');
    this.logPath = path.join(clusterDir, 'logs', 'nginx.log');
    // Workers read nothing but what the master opened (certificates, logs); the temporary
    // paths it creates belong to the same user. As root the workers run as the folder's owner.
    const user = process.getuid?.() === 0 ? userInfo().username : undefined;
    this.config = { ...config, prefix: this.prefix, ...(user ? { user } : {}) };
    for (const name of ['logs', 'temp', 'cache'])
      mkdirSync(path.join(this.prefix, name), { recursive: true });
    this.write();
  }

  get pid(): number | undefined {
    return this.child && isRunning(this.child) ? this.child.pid : undefined;
  }

  /** The access logs (public and internal listeners), where answerFrom looks. */
  get accessLogPaths(): string[] {
    return [
      path.join(this.prefix, 'logs', 'access.log'),
      path.join(this.prefix, 'logs', 'internal-access.log'),
    ];
  }

  /** The current sizes of the access logs, for answerFrom to read only what comes after. */
  accessLogMarks(): number[] {
    return this.accessLogPaths.map((file) => (existsSync(file) ? statSync(file).size : 0));
  }

  /**
   * Whether, after `marks`, nginx logged an answer below 500 from the instance on `port` (the
   * last address of $upstream_addr: the one that answered). nginx counts an instance it could not
   * reach as failed until one request sent there succeeds, so this is when it takes it back.
   */
  answeredFrom(port: number, marks: number[]): boolean {
    const suffix = `127.0.0.1:${port}`;
    return this.accessLogPaths.some((file, index) => {
      if (!existsSync(file)) return false;
      const from = marks[index] ?? 0;
      const size = statSync(file).size;
      if (size <= from) return false;
      const buffer = Buffer.alloc(size - from);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, from);
      } finally {
        closeSync(fd);
      }
      return buffer
        .toString('utf8')
        .split('\n')
        .some((line) => {
          if (!line.includes(suffix)) return false;
          try {
            const entry = JSON.parse(line) as { upstream_addr?: string; upstream_status?: string };
            // "a, b" when nginx tried a then b: b answered.
            const last = (entry.upstream_addr ?? '').split(',').pop()?.trim();
            const status = Number((entry.upstream_status ?? '').split(',').pop()?.trim());
            return last === suffix && status > 0 && status < 500;
          } catch {
            return false;
          }
        });
    });
  }

  private write(): void {
    writeFileSync(this.configPath, nginxConfig(this.config));
  }

  /** Checks the configuration (nginx -t), then starts the master in the foreground. */
  async start(): Promise<void> {
    // -e: the error log of the moments before the configuration is read, in the folder too.
    const args = [
      '-p',
      this.prefix,
      '-c',
      this.configPath,
      '-e',
      path.join(this.prefix, 'logs', 'error.log'),
    ];
    try {
      execFileSync(NGINX_BIN, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`nginx refused its configuration (${this.configPath}):\n${stderr}`);
    }
    this.child = spawnLogged({
      command: NGINX_BIN,
      args: [...args, '-g', 'daemon off;'],
      env: process.env,
      logPath: this.logPath,
      clusterDir: this.clusterDir,
    });
    const deadline = Date.now() + 10_000;
    while (this.workerPids().length === 0) {
      if (!this.child || !isRunning(this.child))
        throw new Error(`nginx did not start:\n${logTail(this.logPath)}${this.errorLogTail()}`);
      if (Date.now() > deadline) throw new Error('nginx started no worker within 10 s');
      await sleep(50);
    }
  }

  private errorLogTail(): string {
    return logTail(path.join(this.prefix, 'logs', 'error.log'));
  }

  /** The master's worker processes: `shuttingDown` ones finish requests of an older config. */
  workers(): { pid: number; shuttingDown: boolean }[] {
    const master = this.pid;
    if (!master) return [];
    const found: { pid: number; shuttingDown: boolean }[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[1]) !== master || fields[0] === 'Z') continue;
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (!title.includes('worker process')) continue;
        found.push({ pid: Number(entry), shuttingDown: title.includes('shutting down') });
      } catch {
        // ended while we read
      }
    }
    return found;
  }

  workerPids(): number[] {
    return this.workers()
      .filter((worker) => !worker.shuttingDown)
      .map((worker) => worker.pid);
  }

  /**
   * Writes the upstreams' states and reloads: resolves once only workers of the new
   * configuration take connections (the old one finishes the requests under way, drained()).
   */
  async update(web: UpstreamServer[], api: UpstreamServer[]): Promise<void> {
    this.config = { ...this.config, web, api };
    this.write();
    const master = this.pid;
    if (!master) return;
    const before = new Set(this.workerPids());
    process.kill(master, 'SIGHUP');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      // The master starts the new worker first and only then tells the old one to stop
      // accepting: until its title says "shutting down" it still takes new connections.
      const active = this.workerPids();
      if (active.length > 0 && active.every((pid) => !before.has(pid))) return;
      await sleep(25);
    }
    throw new Error(`nginx did not reload within 10 s:\n${this.errorLogTail()}`);
  }

  /**
   * Resolves once no worker of an older configuration is left (their requests under way
   * answered, their idle connections closed), or after `timeoutMs`; false then.
   */
  async drained(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.workers().some((worker) => worker.shuttingDown)) {
      if (Date.now() > deadline) return false;
      await sleep(50);
    }
    return true;
  }

  /** Graceful stop (SIGQUIT: requests under way finish), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 10_000, 'SIGQUIT');
  }
}
