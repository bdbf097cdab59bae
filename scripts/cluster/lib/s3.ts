// The cluster's object storage: s3rver (an S3-compatible server from npm, the one the tests use)
// in the runner's process, on its own port, keeping the bucket in the cluster folder. The API
// and the worker reach it through S3_URL; visitors read photos through nginx's /media/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

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
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
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
    await server.close();
    throw new Error(`Creating the bucket failed (${created.status}): ${await created.text()}`);
  }
  return {
    s3Url: `s3://${ACCESS_KEY}:${ACCESS_KEY}@127.0.0.1:${port}/${BUCKET}?forcePathStyle=true&tls=false`,
    endpoint,
    bucket: BUCKET,
    stop: () => server.close(),
  };
}
