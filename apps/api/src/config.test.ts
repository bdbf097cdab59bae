import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to reject the environment');
}

describe('loadConfig', () => {
  it('gives the embedded first-run defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3001,
      host: '127.0.0.1',
      publicApiUrl: 'http://localhost:3001',
      webOrigins: ['http://localhost:3000'],
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      smtpUrl: undefined,
      maptilerApiKey: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      rateLimitMax: 600,
      internalApiToken: undefined,
      devMailbox: false,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.mediaDir).toBe(path.join(path.resolve('data'), 'media'));
    // No fixed key: a random one of this process (the entry points pass the data folder's).
    expect(config.jwt.source).toBe('process');
    expect(config.jwt.keys).toHaveLength(1);
    expect(config.jwt.keys[0]!.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Every configuration of one process agrees, so a test signs tokens the API it built accepts.
    expect(loadConfig({ NODE_ENV: 'test' }).jwt.keys).toEqual(config.jwt.keys);
  });

  it('has no signing key written in the code (issue 37)', () => {
    const key = loadConfig({}).jwt.keys[0]!;
    const sources = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => [file, readFileSync(path.join(import.meta.dirname, file), 'utf8')] as const);
    expect(sources.length).toBeGreaterThan(50);
    for (const [file, text] of sources) {
      expect(text.includes(key.secret), file).toBe(false);
      // No literal that reads like a key: 32+ characters of a key's alphabet, no space, and not a
      // path, a module or an SQL name (those have a slash or a dot, or are snake_case words).
      const literals = text.match(/(['"`])[A-Za-z0-9_:+=-]{32,}\1/g) ?? [];
      expect(
        literals.filter((literal) => !/^.[a-z_]+.$/.test(literal)),
        file,
      ).toEqual([]);
    }
  });

  it("takes the data folder's secrets when the environment has none, outside production only", () => {
    const local = {
      jwtKeys: [{ kid: 'local-1a2b3c4d', secret: 'l'.repeat(43) }],
      internalApiToken: 't'.repeat(43),
    };
    const config = loadConfig({}, local);
    expect(config.jwt).toEqual({ keys: local.jwtKeys, source: 'data-folder' });
    expect(config.internalApiToken).toBe('t'.repeat(43));
    // The environment wins.
    const env = loadConfig(
      { JWT_SECRETS: `k1:${'a'.repeat(32)}`, INTERNAL_API_TOKEN: 'i'.repeat(40) },
      local,
    );
    expect(env.jwt).toEqual({ keys: [{ kid: 'k1', secret: 'a'.repeat(32) }], source: 'environment' });
    expect(env.internalApiToken).toBe('i'.repeat(40));
    // Production brings its own.
    let problems: string[] = [];
    try {
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }, local);
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['JWT_SECRETS', 'INTERNAL_API_TOKEN']);
  });

  it('serves the dev mailbox only when DEV_MAILBOX says so, and never in production', () => {
    expect(loadConfig({ DEV_MAILBOX: 'on' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'TRUE' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    expect(problemsOf({ DEV_MAILBOX: 'maybe' })).toEqual(['DEV_MAILBOX: expected on or off, got "maybe"']);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        JWT_SECRETS: `k1:${'a'.repeat(32)}`,
        INTERNAL_API_TOKEN: 'i'.repeat(40),
        SMTP_URL: 'smtp://mail.example:587',
        DEV_MAILBOX: 'on',
      }),
    ).toEqual(["DEV_MAILBOX: not available when NODE_ENV=production (it shows every account's e-mails)"]);
  });

  it('points browsers at the API port when only API_PORT is set', () => {
    expect(loadConfig({ API_PORT: '3301' }).publicApiUrl).toBe('http://localhost:3301');
    expect(loadConfig({ API_PORT: '3301', PUBLIC_API_URL: 'https://api.example' }).publicApiUrl).toBe(
      'https://api.example',
    );
  });

  it('reads a full production environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_PORT: '8080',
      API_HOST: '0.0.0.0',
      WEB_ORIGIN: 'https://www.estately.example, https://estately.example',
      PUBLIC_API_URL: 'https://api.estately.example/',
      DATABASE_URL: 'postgres://app:pw@db:5432/estately',
      DATABASE_READ_URL: 'postgresql://app:pw@replica:5432/estately',
      DATA_DIR: '/var/lib/estately',
      SMTP_URL: 'smtps://user:pw@mail.example:465',
      MAPTILER_API_KEY: 'abc123',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRETS: `k2:${'b'.repeat(40)},k1:${'a'.repeat(32)}`,
      INTERNAL_API_TOKEN: 'c'.repeat(48),
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      isProduction: true,
      port: 8080,
      host: '0.0.0.0',
      publicApiUrl: 'https://api.estately.example',
      webOrigins: ['https://www.estately.example', 'https://estately.example'],
      databaseUrl: 'postgres://app:pw@db:5432/estately',
      databaseReadUrl: 'postgresql://app:pw@replica:5432/estately',
      dataDir: '/var/lib/estately',
      mediaDir: '/var/lib/estately/media',
      smtpUrl: 'smtps://user:pw@mail.example:465',
      maptilerApiKey: 'abc123',
      redisUrl: 'redis://cache:6379',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
      rateLimitMax: 0,
    });
    expect(config.jwt).toEqual({
      keys: [
        { kid: 'k2', secret: 'b'.repeat(40) },
        { kid: 'k1', secret: 'a'.repeat(32) },
      ],
      source: 'environment',
    });
  });

  it('treats blank values as unset and silences logs in tests', () => {
    const config = loadConfig({ NODE_ENV: 'test', API_PORT: '', DATABASE_URL: '  ', TRUST_PROXY: '2' });
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('silent');
    expect(config.trustProxy).toBe(2);
    // One proxy in front is one hop, not "trust everyone".
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('lists every problem at once, one line per variable, in one clear message', () => {
    let message = '';
    try {
      loadConfig({
        API_PORT: 'abc',
        WEB_ORIGIN: 'localhost:3000',
        PUBLIC_API_URL: 'ftp://files.example',
        DATABASE_URL: 'mysql://db/estately',
        SMTP_URL: 'http://mail.example',
        REDIS_URL: 'memcached://x',
        TRUST_PROXY: 'sometimes',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
        RATE_LIMIT_MAX: '-5',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    expect(message).toContain(' - API_PORT: expected a port number 1..65535, got "abc"');
    expect(message).toContain(' - WEB_ORIGIN: expected comma-separated origins');
    expect(message).toContain(
      ' - PUBLIC_API_URL: expected an absolute http(s) URL, got "ftp://files.example"',
    );
    expect(message).toContain(' - DATABASE_URL: expected a postgres:// connection URL');
    expect(message).toContain(' - SMTP_URL: expected an smtp:// or smtps:// URL');
    expect(message).toContain(' - REDIS_URL: expected a redis:// or rediss:// URL');
    expect(message).toContain(' - TRUST_PROXY: expected true, false, a hop count');
    expect(message).toContain(
      ' - LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
    expect(message).toContain(' - NODE_ENV: expected one of development, production, test, got "staging"');
    expect(message).toContain(' - RATE_LIMIT_MAX: expected a whole number');
    // Connection URLs carry passwords: they are named, never echoed.
    expect(message).not.toContain('mysql://db/estately');
    expect(message).not.toContain('http://mail.example');
    expect(message.split('\n')).toHaveLength(11);
  });

  it.each([
    ['0', 'API_PORT: expected a port number 1..65535, got "0"'],
    ['65536', 'API_PORT: expected a port number 1..65535, got "65536"'],
    ['30.5', 'API_PORT: expected a port number 1..65535, got "30.5"'],
  ])('rejects the port %s', (value, problem) => {
    expect(problemsOf({ API_PORT: value })).toEqual([problem]);
  });

  it('accepts the port boundaries', () => {
    expect(loadConfig({ API_PORT: '1' }).port).toBe(1);
    expect(loadConfig({ API_PORT: '65535' }).port).toBe(65535);
  });

  it('rejects an origin with a path, since CORS compares origins exactly', () => {
    expect(problemsOf({ WEB_ORIGIN: 'http://localhost:3000/' })).toHaveLength(1);
    expect(problemsOf({ WEB_ORIGIN: 'https://web.example/app' })).toHaveLength(1);
  });

  it('requires signing secrets, the internal token and a mail server in production and never echoes a secret back', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRETS: required when NODE_ENV=production (comma-separated KEY_ID:SECRET pairs)',
      'INTERNAL_API_TOKEN: required when NODE_ENV=production (a random secret of at least 32 characters, the same on the web servers)',
      'SMTP_URL: required when NODE_ENV=production (smtp://user:password@host:587 or smtps://...): without it no e-mail would be delivered',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        JWT_SECRETS: `k1:${'a'.repeat(32)}`,
        INTERNAL_API_TOKEN: 'i'.repeat(40),
      }),
    ).toEqual([
      'SMTP_URL: required when NODE_ENV=production (smtp://user:password@host:587 or smtps://...): without it no e-mail would be delivered',
    ]);
    const short = problemsOf({ INTERNAL_API_TOKEN: 'internal-but-short' });
    expect(short).toEqual(['INTERNAL_API_TOKEN: expected a random secret of at least 32 characters']);
    const problems = problemsOf({ JWT_SECRETS: 'main:too-short-secret' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^JWT_SECRETS: expected comma-separated KEY_ID:SECRET pairs/);
    expect(problems[0]).not.toContain('too-short-secret');
    expect(problemsOf({ JWT_SECRETS: `a:${'x'.repeat(32)},a:${'y'.repeat(32)}` })).toEqual([
      'JWT_SECRETS: key id "a" appears twice',
    ]);
  });

  it('reads the metrics listener and the replica lag bound, and names what is wrong with them', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toBeUndefined();
    expect(defaults.replicaMaxLagSeconds).toBe(5);
    const set = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', REPLICA_MAX_LAG_SECONDS: '2.5' });
    expect(set.metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(set.replicaMaxLagSeconds).toBe(2.5);
    expect(
      problemsOf({ METRICS_PORT: '70000', REPLICA_MAX_LAG_SECONDS: '0' }).map((p) => p.split(':')[0]),
    ).toEqual(['METRICS_PORT', 'REPLICA_MAX_LAG_SECONDS']);
    expect(problemsOf({ REPLICA_MAX_LAG_SECONDS: 'soon' })).toEqual([
      'REPLICA_MAX_LAG_SECONDS: expected a number of seconds, got "soon"',
    ]);
  });

  it('reads the private networks feed URLs may reach, none by default, and names a bad range', () => {
    expect(loadConfig({}).feedAllowedNetworks).toEqual([]);
    expect(
      loadConfig({ FEED_ALLOWED_NETWORKS: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).feedAllowedNetworks,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1']) {
      expect(problemsOf({ FEED_ALLOWED_NETWORKS: bad })).toEqual([
        `FEED_ALLOWED_NETWORKS: expected comma-separated addresses or CIDR ranges (127.0.0.1/32), got "${bad}"`,
      ]);
    }
  });
});
