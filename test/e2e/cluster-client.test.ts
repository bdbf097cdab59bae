// The client side of the cluster check (scripts/reliability/checks/17-cluster-load.ts): the
// crowd's requests over HTTPS with the cluster's own certificate, each from its visitor's
// loopback address, to an API under a path of the public origin; and the counters read from the
// instances' /metrics across a restart of the process that serves them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureCertificate } from '../../scripts/cluster/lib/tls.ts';
import { CounterSampler, parseMetrics } from '../../scripts/reliability/lib/metrics-sampler.ts';
import { agentFor, exchange, underBase } from '../../scripts/reliability/lib/visitor-journeys.ts';

describe('requests of the crowd over https', () => {
  const dir = mkdtempSync(join(tmpdir(), 'estately-cluster-client-'));
  let server: Server;
  let base = '';
  let ca: Buffer;
  const seen: Array<{ address: string | undefined; url: string | undefined; host: string | undefined }> = [];

  beforeAll(async () => {
    const certificate = ensureCertificate(dir);
    ca = readFileSync(certificate.certificatePath);
    server = createServer({ cert: ca, key: readFileSync(certificate.keyPath) }, (request, response) => {
      seen.push({ address: request.socket.remoteAddress, url: request.url, host: request.headers.host });
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `https://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  test('an API path keeps the base path of the API (behind the balancer: /api)', () => {
    expect(underBase(`${base}/api`, '/auth/login').pathname).toBe('/api/auth/login');
    expect(underBase(`${base}/api/`, '/public/offers?page=2').href).toBe(`${base}/api/public/offers?page=2`);
    expect(underBase(base, '/auth/login').pathname).toBe('/auth/login');
    expect(underBase('http://127.0.0.1:3001', 'health').href).toBe('http://127.0.0.1:3001/health');
  });

  test('each visitor connects from its own address, trusting the certificate it was given', async () => {
    const agent = agentFor(base, { localAddress: '127.0.0.5', ca }, { keepAlive: true });
    const answer = await exchange(agent, underBase(`${base}/api`, '/public/offers'), 'GET', {}, undefined);
    agent.destroy();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      address: '127.0.0.5',
      url: '/api/public/offers',
      host: new URL(base).host,
    });
  });

  test('without the certificate the connection is refused, as a browser would refuse it', async () => {
    const agent = agentFor(base, { localAddress: '127.0.0.6' });
    const answer = await exchange(agent, new URL('/', base), 'GET', {}, undefined);
    agent.destroy();
    expect(answer.status).toBe(0);
    expect(answer.error).toMatch(/self-signed|certificate/i);
  });
});

describe('counters read from /metrics', () => {
  test('the text format is read back: names, labels (escaped quotes too) and values', async () => {
    const registry = new Registry();
    const counter = new Counter({
      name: 'estately_http_requests_total',
      help: 'requests',
      labelNames: ['route', 'status_code'] as const,
      registers: [registry],
    });
    counter.inc({ route: '/public/offers', status_code: '200' }, 3);
    counter.inc({ route: '/say "hi"', status_code: '500' });
    const samples = parseMetrics(await registry.metrics());
    expect(samples).toEqual([
      {
        name: 'estately_http_requests_total',
        labels: { route: '/public/offers', status_code: '200' },
        value: 3,
      },
      { name: 'estately_http_requests_total', labels: { route: '/say "hi"', status_code: '500' }, value: 1 },
    ]);
  });

  test("a process's restart (its counters from 0 again) adds to the increase instead of taking from it", async () => {
    const reading = async (value: number) => {
      const registry = new Registry();
      new Counter({
        name: 'estately_reads_total',
        help: 'reads',
        labelNames: ['source'],
        registers: [registry],
      }).inc({ source: 'replica' }, value);
      return parseMetrics(await registry.metrics());
    };
    const sampler = new CounterSampler({});
    sampler.add('api1', await reading(10), true); // the baseline: nothing yet
    sampler.add('api1', await reading(15), false); // +5
    sampler.add('api1', await reading(2), false); // restarted: +2
    sampler.add('api1', await reading(6), false); // +4
    sampler.add('api2', await reading(7), false); // first seen after the baseline: +7
    const replica = (s: { labels: Record<string, string> }) => s.labels.source === 'replica';
    expect(sampler.total(replica, 'api1')).toBe(11);
    expect(sampler.total(replica)).toBe(18);
    expect(sampler.names()).toEqual(['estately_reads_total']);
  });
});
