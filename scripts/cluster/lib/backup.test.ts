// The cluster's bucket backup: a copy-only mirror of the object storage's folder (decision 058).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mirrorBucketFolder } from './backup.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function folders() {
  const root = mkdtempSync(path.join(tmpdir(), 'estately-mirror-test-'));
  roots.push(root);
  return { bucket: path.join(root, 's3'), mirror: path.join(root, 's3-backup') };
}

function put(folder: string, key: string, content: string) {
  mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
  writeFileSync(path.join(folder, key), content);
}

const read = (folder: string, key: string) => readFileSync(path.join(folder, key), 'utf8');

describe('mirrorBucketFolder', () => {
  it('copies new files, keeps files deleted from the bucket, and copies back only what is missing', () => {
    const { bucket, mirror } = folders();
    put(bucket, 'media/avatars/1/a/512.webp._S3rver_object', 'picture A');
    put(bucket, 'media/avatars/1/a/512.webp._S3rver_metadata.json', '{}');
    expect(mirrorBucketFolder(bucket, mirror).copied).toBe(2);
    expect(mirrorBucketFolder(bucket, mirror).copied).toBe(0);

    // The picture is replaced: a new key, and the old file deleted.
    put(bucket, 'media/avatars/1/b/512.webp._S3rver_object', 'picture B');
    rmSync(path.join(bucket, 'media/avatars/1/a'), { recursive: true });
    expect(mirrorBucketFolder(bucket, mirror).copied).toBe(1);
    expect(read(mirror, 'media/avatars/1/a/512.webp._S3rver_object')).toBe('picture A');

    // Copied back after a restore: the deleted file returns, the newer one stays.
    expect(mirrorBucketFolder(mirror, bucket).copied).toBe(2);
    expect(read(bucket, 'media/avatars/1/a/512.webp._S3rver_object')).toBe('picture A');
    expect(read(bucket, 'media/avatars/1/b/512.webp._S3rver_object')).toBe('picture B');
  });

  it('copies again a file whose earlier copy caught it half-written', () => {
    const { bucket, mirror } = folders();
    put(bucket, 'media/k._S3rver_object', 'half');
    mirrorBucketFolder(bucket, mirror);
    put(bucket, 'media/k._S3rver_object', 'half and the rest');
    expect(mirrorBucketFolder(bucket, mirror).copied).toBe(1);
    expect(read(mirror, 'media/k._S3rver_object')).toBe('half and the rest');
  });

  it('copies nothing from a bucket folder that does not exist yet', () => {
    const { bucket, mirror } = folders();
    expect(mirrorBucketFolder(bucket, mirror)).toMatchObject({ copied: 0 });
  });
});
