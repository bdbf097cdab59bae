// The cluster's object storage: s3rver (an S3-compatible server from npm, the one the tests use)
// in a process of its own (../s3-server.ts), on its own port, keeping the bucket in the cluster
// folder. The API and the worker reach it through S3_URL; visitors read photos through nginx's
// /media/, which keeps them in its cache as a CDN would.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { isRunning, logTail, sleep, spawnLogged, stopChild } from './child.ts';

export const BUCKET = 'estately-media';
// s3rver's one built-in account.
const ACCESS_KEY = 'S3RVER';

export interface ObjectStorage {
  /** The bucket for S3_URL. */
  s3Url: string;
  /** The server's origin, for nginx's /media/ (path-style: /BUCKET/KEY). */
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

export async function startObjectStorage(clusterDir: string, port: number): Promise<ObjectStorage> {
  const directory = path.join(clusterDir, 's3');
  mkdirSync(directory, { recursive: true });
  const logPath = path.join(clusterDir, 'logs', 's3.log');
  const child = spawnLogged({
    command: process.execPath,
    args: [path.join(import.meta.dirname, '..', 's3-server.ts'), String(port), directory],
    env: process.env,
    logPath,
    clusterDir,
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!isRunning(child)) throw new Error(`s3rver did not start:\n${logTail(logPath)}`);
    const answered = await fetch(`${endpoint}/`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stopChild(child, 5_000);
      throw new Error('s3rver did not answer within 30 s');
    }
    await sleep(100);
  }
  // The bucket is made as an operator would, with a signed CreateBucket; an existing one (a
  // second start) answers 409, which is fine.
  const client = new AwsClient({
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    service: 's3',
    region: 'us-east-1',
  });
  const created = await client.fetch(`${endpoint}/${BUCKET}`, { method: 'PUT' });
  if (created.status !== 200 && created.status !== 409) {
    await stopChild(child, 5_000);
    throw new Error(`Creating the bucket failed (${created.status}): ${await created.text()}`);
  }
  return {
    s3Url: `s3://${ACCESS_KEY}:${ACCESS_KEY}@127.0.0.1:${port}/${BUCKET}?forcePathStyle=true&tls=false`,
    endpoint,
    bucket: BUCKET,
    stop: () => stopChild(child, 5_000),
  };
}
