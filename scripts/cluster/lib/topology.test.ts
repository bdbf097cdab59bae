// What each cluster process is started with: the Node flags of package.json's start and worker
// scripts, and the environment of the topology (docs/deploy.md); and when the balancer changes
// nginx's upstreams (each change is a reload).
import { describe, expect, it } from 'vitest';
import { clusterPorts, PROXY_ADDRESS } from './ports.ts';
import {
  balancerMember,
  balancerRound,
  FAILS_TO_DOWN,
  instanceSpecs,
  type MemberState,
  STARTING_FAILS_TO_DOWN,
  scriptLaunch,
} from './topology.ts';

const specs = instanceSpecs({
  ports: clusterPorts(26_000),
  dir: '/tmp/cluster',
  primaryUrl: 'postgres://postgres@127.0.0.1:26010/postgres',
  replicaUrl: 'postgres://postgres@127.0.0.1:26011/postgres',
  redisUrl: 'redis://127.0.0.1:26012',
  s3Url: 's3://S3RVER:S3RVER@127.0.0.1:26013/estately-media?forcePathStyle=true&tls=false',
  smtpUrl: 'smtp://127.0.0.1:2525',
  jwtSecrets: `k1:${'x'.repeat(43)}`,
  internalToken: 't'.repeat(43),
});
const byName = (name: string) => {
  const spec = specs.find((s) => s.name === name);
  if (!spec) throw new Error(name);
  return spec;
};

describe('the cluster processes', () => {
  it('run with the flags and allocator settings of npm start and npm run worker', () => {
    expect(scriptLaunch('start')).toEqual({
      env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
      nodeArgs: ['--max-semi-space-size=4', '--heap-growing-percent=15'],
    });
    expect(byName('api1').nodeArgs).toEqual(scriptLaunch('start').nodeArgs);
    expect(byName('worker').nodeArgs).toEqual(scriptLaunch('worker').nodeArgs);
    // The web server's young generation as npm start's forked web process has it.
    expect(byName('web1').nodeArgs).toEqual(['--heap-growing-percent=15', '--max-semi-space-size=16']);
    expect(byName('web1').env.MALLOC_ARENA_MAX).toBe('2');
  });

  it('give the API the production settings of the topology', () => {
    const api = byName('api2').env;
    expect(api).toMatchObject({
      NODE_ENV: 'production',
      API_PORT: '26031',
      METRICS_PORT: '26043',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:26010/postgres',
      DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:26011/postgres',
      JOBS_IN_PROCESS: 'false',
      TRUST_PROXY: PROXY_ADDRESS,
      PUBLIC_API_URL: 'https://localhost:26000/api',
      WEB_ORIGIN: 'https://localhost:26000',
      MEDIA_PUBLIC_URL: 'https://localhost:26000/media',
    });
    expect(byName('worker').env).toMatchObject({ JOBS_IN_PROCESS: 'false', METRICS_PORT: '26044' });
    expect(byName('worker').port).toBeNull();
  });

  it('send the web servers to the API through the internal balancer, trusting only nginx', () => {
    expect(byName('web2').env).toMatchObject({
      WEB_PORT: '26021',
      METRICS_PORT: '26041',
      API_URL: 'http://127.0.0.1:26001',
      PUBLIC_API_URL: 'https://localhost:26000/api',
      WEB_TRUST_PROXY: PROXY_ADDRESS,
      INTERNAL_API_TOKEN: 't'.repeat(43),
      WEB_WORKERS: '1',
      WEB_HOST: '127.0.0.1',
      WEB_ACCESS_LOG: 'on',
    });
  });
});

describe('the balancer', () => {
  const serving: MemberState = { inBalancer: true, failures: 0, readyPid: 100 };
  const probes = (
    state: MemberState,
    answers: Parameters<typeof balancerMember>[1][],
    pid: number | undefined,
  ) => answers.reduce((current, answer) => balancerMember(current, answer, pid), state);

  it('puts an instance in once it answers ready', () => {
    const starting: MemberState = { inBalancer: false, failures: 0, readyPid: undefined };
    expect(probes(starting, ['not-listening', 'not-ready', 'ready'], 100)).toEqual(serving);
  });

  it('keeps in an instance that exited or is being started again: nginx sends its requests to the other', () => {
    // kill -9: no process, then the new one before it listens, for as long as that takes.
    expect(probes(serving, Array(40).fill('not-listening'), undefined)).toEqual(serving);
    expect(probes(serving, Array(40).fill('not-listening'), 200)).toEqual(serving);
  });

  it('takes out a running instance that answers not ready FAILS_TO_DOWN times in a row', () => {
    expect(probes(serving, Array(FAILS_TO_DOWN - 1).fill('not-ready'), 100).inBalancer).toBe(true);
    expect(probes(serving, Array(FAILS_TO_DOWN).fill('not-ready'), 100).inBalancer).toBe(false);
    // A late answer now and then is not a run of them.
    const answers = ['not-ready', 'not-ready', 'not-ready', 'ready', 'not-ready', 'not-ready'] as const;
    expect(probes(serving, [...answers], 100).inBalancer).toBe(true);
  });

  it('counts no refused probe toward taking an instance out', () => {
    const answers = ['not-ready', 'not-ready', 'not-ready', 'not-listening', 'not-ready'] as const;
    expect(probes(serving, [...answers], 100).inBalancer).toBe(true);
  });

  it('gives a new process the time to load its search index before taking it out', () => {
    // The API instance killed (pid 100) runs again as pid 200, listening but warming up.
    expect(probes(serving, Array(STARTING_FAILS_TO_DOWN - 1).fill('not-ready'), 200).inBalancer).toBe(true);
    expect(probes(serving, Array(STARTING_FAILS_TO_DOWN).fill('not-ready'), 200).inBalancer).toBe(false);
    // Once ready, it is held to FAILS_TO_DOWN like any other.
    const warmed = probes(serving, ['not-ready', 'ready'], 200);
    expect(probes(warmed, Array(FAILS_TO_DOWN).fill('not-ready'), 200).inBalancer).toBe(false);
  });

  it('keeps the last web instance that answers in while its peer is stopped, and takes it out once the peer is ready', () => {
    // Rolling restart: web2 stopped (refused), web1's probe of the API times out under the load.
    let web1 = serving;
    let web2 = serving;
    for (let round = 0; round < FAILS_TO_DOWN * 3; round++) {
      [web1, web2] = balancerRound([
        { kind: 'web', state: web1, probe: 'not-ready', pid: 100 },
        { kind: 'web', state: web2, probe: 'not-listening', pid: undefined },
      ]) as [MemberState, MemberState];
    }
    expect(web1.inBalancer).toBe(true);
    expect(web2.inBalancer).toBe(true);
    // web2 is back and ready: web1, still not ready, goes out in that round.
    [web1, web2] = balancerRound([
      { kind: 'web', state: web1, probe: 'not-ready', pid: 100 },
      { kind: 'web', state: web2, probe: 'ready', pid: 300 },
    ]) as [MemberState, MemberState];
    expect(web1.inBalancer).toBe(false);
    expect(web2.inBalancer).toBe(true);
    // An API instance that is ready does not keep a web instance out of the rule: kinds apart.
    const [web] = balancerRound([
      { kind: 'web', state: { ...serving, failures: FAILS_TO_DOWN }, probe: 'not-ready', pid: 100 },
      { kind: 'api', state: serving, probe: 'ready', pid: 101 },
    ]);
    expect(web?.inBalancer).toBe(true);
  });

  it('does not put in a process that never served, even alone (the cluster waits for it to be ready)', () => {
    const starting: MemberState = { inBalancer: false, failures: 0, readyPid: undefined };
    const [web1] = balancerRound([
      { kind: 'web', state: starting, probe: 'not-ready', pid: 100 },
      { kind: 'web', state: starting, probe: 'not-ready', pid: 101 },
    ]);
    expect(web1?.inBalancer).toBe(false);
  });

  it('leaves out an instance taken out until it answers ready', () => {
    const out = probes(serving, Array(FAILS_TO_DOWN).fill('not-ready'), 100);
    expect(probes(out, ['not-listening', 'not-listening'], undefined).inBalancer).toBe(false);
    expect(probes(out, ['not-listening', 'ready'], 300)).toEqual({
      inBalancer: true,
      failures: 0,
      readyPid: 300,
    });
  });
});
