// The cluster's port plan (docs/deploy.md): every listener at a fixed offset from one base, so
// two clusters (the one a person runs, the reliability check's) never meet on a port.

export type InstanceName = 'web1' | 'web2' | 'api1' | 'api2' | 'worker';

export function clusterPorts(base: number) {
  return {
    public: base,
    internalApi: base + 1,
    pgPrimary: base + 10,
    pgReplica: base + 11,
    redis: base + 12,
    s3: base + 13,
    prometheus: base + 14,
    pgRestored: base + 15,
    instance: { web1: base + 20, web2: base + 21, api1: base + 30, api2: base + 31, worker: null },
    metrics: { web1: base + 40, web2: base + 41, api1: base + 42, api2: base + 43, worker: base + 44 },
  } satisfies Record<string, unknown> & {
    instance: Record<InstanceName, number | null>;
    metrics: Record<InstanceName, number>;
  };
}

export type ClusterPorts = ReturnType<typeof clusterPorts>;

/** The address nginx connects to the instances from, the one proxy they trust. */
export const PROXY_ADDRESS = '127.0.1.1';
