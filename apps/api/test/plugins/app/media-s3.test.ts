import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { users } from '@estately/db';
import { S3MediaStorage } from '@estately/db/storage';
import { CurrentUserSchema } from '@estately/domain';
import { AwsClient } from 'aws4fetch';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { multipart } from '../../support/multipart.ts';

// Media in S3-compatible storage (issue 7, DESIGN 6): the API built with S3_URL pointing at
// s3rver, an S3-compatible server run in this process on a free port of 127.0.0.1 with its
// objects in a temporary folder. Uploads must land in the bucket, not in DATA_DIR/media, and
// the answered URLs must be built on MEDIA_PUBLIC_URL. s3rver knows the account S3RVER/S3RVER.

const BUCKET = 'estately-media';
const CDN = 'https://cdn.example.test/media';
const directory = mkdtempSync(path.join(tmpdir(), 'estately-s3-api-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
let endpoint: string;
let api: TestApi;
const opened: TestApi[] = [];

function s3Url(bucket = BUCKET): string {
  return `s3://S3RVER:S3RVER@${new URL(endpoint).host}/${bucket}?forcePathStyle=true&tls=false`;
}

async function apiWith(env: Record<string, string>): Promise<TestApi> {
  const built = await buildTestApi(env);
  opened.push(built);
  return built;
}

beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The bucket is made the way an operator would, with a signed CreateBucket request.
  const client = new AwsClient({
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    service: 's3',
    region: 'us-east-1',
  });
  const created = await client.fetch(`${endpoint}/${BUCKET}`, { method: 'PUT' });
  expect(created.status, await created.text()).toBe(200);
  api = await apiWith({ S3_URL: s3Url(), MEDIA_PUBLIC_URL: `${CDN}/` });
});

afterAll(async () => {
  for (const built of opened) await built.close();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

function upload(target: TestApi, userId: number, image: Buffer) {
  const body = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: image }]);
  return target.app.inject({
    method: 'POST',
    url: '/v1/user/save-profile-picture',
    headers: { ...bearer(target.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The object as anyone reads it from the bucket over plain HTTP (a CDN's origin fetch). */
function fromBucket(key: string) {
  return fetch(`${endpoint}/${BUCKET}/${key}`);
}

function variantKeys(picturePath: string): string[] {
  return [64, 256, 512].map((edge) => picturePath.replace(/512\.webp$/, `${edge}.webp`));
}

/** Every file under a folder, if it exists (the local media folder must stay empty). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('media in S3-compatible storage', () => {
  it('uses the bucket when S3_URL is set', () => {
    expect(api.app.storage).toBeInstanceOf(S3MediaStorage);
    expect(api.config.s3).toMatchObject({
      endpoint,
      bucket: BUCKET,
      forcePathStyle: true,
      region: 'us-east-1',
    });
    expect(api.config.mediaPublicUrl).toBe(CDN);
  });

  it('stores profile-picture variants in the bucket and answers CDN URLs', async () => {
    const user = await createUser(api.db);
    const response = await upload(api, user.id, await png(900, 600, '#2266aa'));
    expect(response.statusCode, response.body).toBe(200);
    const body = CurrentUserSchema.parse(response.json());
    const picture = body.profilePicturePath!;
    expect(picture).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f]{20}/512\\.webp$`));

    const keys = variantKeys(picture);
    for (const [index, edge] of [64, 256, 512].entries()) {
      const object = await fromBucket(keys[index]!);
      expect(object.status, keys[index]).toBe(200);
      expect(object.headers.get('content-type')).toBe('image/webp');
      expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', edge, edge]);
    }

    expect(body.profilePictureUrls).toEqual({
      small: `${CDN}/${keys[0]}`,
      medium: `${CDN}/${keys[1]}`,
      large: `${CDN}/${keys[2]}`,
    });
    // The current user, read again, gets the same URLs.
    const me = await api.app.inject({
      method: 'GET',
      url: '/user/me',
      headers: bearer(api.config, user.id),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().profilePictureUrls.large).toBe(`${CDN}/${keys[2]}`);

    // Nothing went to the local folder, and the API serves no /media/ path of its own.
    expect(filesUnder(api.config.mediaDir)).toEqual([]);
    const local = await api.app.inject({ method: 'GET', url: `/media/${keys[2]}` });
    expect(local.statusCode).toBe(404);
  });

  it('deletes the previous picture from the bucket when a new one replaces it', async () => {
    const user = await createUser(api.db);
    const first = CurrentUserSchema.parse(
      (await upload(api, user.id, await png(300, 300, '#00aa00'))).json(),
    );
    const second = CurrentUserSchema.parse(
      (await upload(api, user.id, await png(400, 300, '#aa00aa'))).json(),
    );
    expect(second.profilePicturePath).not.toBe(first.profilePicturePath);
    for (const key of variantKeys(first.profilePicturePath!))
      expect((await fromBucket(key)).status, key).toBe(404);
    for (const key of variantKeys(second.profilePicturePath!))
      expect((await fromBucket(key)).status, key).toBe(200);
  });

  it('builds URLs on the bucket address when MEDIA_PUBLIC_URL is not set, and they serve the files', async () => {
    const plain = await apiWith({ S3_URL: s3Url() });
    const user = await createUser(plain.db);
    const body = CurrentUserSchema.parse(
      (await upload(plain, user.id, await png(200, 200, '#ffcc00'))).json(),
    );
    const large = body.profilePictureUrls!.large;
    expect(large).toBe(`${endpoint}/${BUCKET}/${body.profilePicturePath}`);
    const served = await fetch(large);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('keeps the account unchanged when the storage refuses the upload', async () => {
    const broken = await apiWith({ S3_URL: s3Url('no-such-bucket') });
    const user = await createUser(broken.db);
    const response = await upload(broken, user.id, await png(200, 200, '#123456'));
    expect(response.statusCode).toBe(500);
    // The storage's words (bucket names, codes) stay in the log, not in the answer.
    expect(response.body).not.toContain('NoSuchBucket');
    const [row] = await broken.db
      .select({ path: users.profilePicturePath })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.path).toBeNull();
  });
});

describe('S3_URL and MEDIA_PUBLIC_URL configuration', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYzEXAMPLE';

  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('expected loadConfig to reject the environment');
  }

  it('reads the address, the credentials (percent-decoded) and the options', () => {
    const encoded = encodeURIComponent(SECRET);
    const config = loadConfig({
      S3_URL: `s3://AKIAEXAMPLE:${encoded}@S3.EU-Central-1.amazonaws.com/estately-media?region=eu-central-1`,
      MEDIA_PUBLIC_URL: 'https://cdn.estately.example/m/',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      bucket: 'estately-media',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: SECRET,
      forcePathStyle: false,
    });
    expect(config.mediaPublicUrl).toBe('https://cdn.estately.example/m');

    const minio = loadConfig({
      S3_URL: 's3://minio:minio-secret@minio:9000/media?forcePathStyle=true&tls=false',
    });
    expect(minio.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('leaves both unset on the embedded default', () => {
    const config = loadConfig({ S3_URL: '  ', MEDIA_PUBLIC_URL: '' });
    expect(config.s3).toBeUndefined();
    expect(config.mediaPublicUrl).toBeUndefined();
  });

  it('refuses bad S3_URL values with a clear problem and never echoes the value', () => {
    const bad: [string, RegExp][] = [
      [`https://AK:${SECRET}@s3.example.com/media`, /expected s3:\/\/ACCESS_KEY:SECRET@host/],
      ['s3://s3.example.com/media', /access key and secret are missing/],
      ['s3://AK@s3.example.com/media', /access key and secret are missing/],
      [`s3://AK:${SECRET}@s3.example.com/media`, /percent-encode \/, @ and :/],
      ['s3://AK:s3cr3t-value@s3.example.com', /expected one bucket name/],
      ['s3://AK:s3cr3t-value@s3.example.com/Media_Files', /expected one bucket name/],
      ['s3://AK:s3cr3t-value@s3.example.com/media/photos', /expected one bucket name/],
      [
        's3://AK:s3cr3t-value@s3.example.com/media?pathStyle=true',
        /unknown option "pathStyle"; known: region/,
      ],
      [
        's3://AK:s3cr3t-value@s3.example.com/media?forcePathStyle=yes',
        /forcePathStyle must be true or false/,
      ],
      ['s3://AK:s3cr3t-value@s3.example.com/media?tls=off', /tls must be true or false/],
      ['s3://AK:s3cr3t-value@s3.example.com/media?region=EU%20Central', /region must be a region name/],
      ['s3://AK:s3cr3t-value@127.0.0.1:9000/media', /needs forcePathStyle=true/],
      ['s3://AK:s3cr3t-value@minio:9000/media', /needs forcePathStyle=true/],
      ['s3://AK:%E0%A4%A@s3.example.com/media', /broken percent-encoding/],
    ];
    for (const [value, expected] of bad) {
      const problems = problemsOf({ S3_URL: value });
      expect(problems, value).toHaveLength(1);
      expect(problems[0], value).toMatch(/^S3_URL: /);
      expect(problems[0], value).toMatch(expected);
      for (const secret of [SECRET, 's3cr3t-value', 'EU%20Central', 'Media_Files'])
        expect(problems[0], value).not.toContain(secret);
    }
    // The thrown message, which the start scripts print, keeps the secret out as well.
    expect(() => loadConfig({ S3_URL: `s3://AK:${SECRET}@s3.example.com/media?tls=off` })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(SECRET) }),
    );
  });

  it('refuses a MEDIA_PUBLIC_URL that is not an http(s) prefix', () => {
    expect(problemsOf({ MEDIA_PUBLIC_URL: 'cdn.example.com' })[0]).toMatch(
      /^MEDIA_PUBLIC_URL: expected an absolute/,
    );
    expect(problemsOf({ MEDIA_PUBLIC_URL: 'ftp://cdn.example.com/m' })[0]).toMatch(/^MEDIA_PUBLIC_URL: /);
    expect(problemsOf({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/m?v=1' })[0]).toMatch(
      /without query or fragment/,
    );
  });

  it('lists S3_URL problems next to the others in one report', () => {
    const problems = problemsOf({ S3_URL: 'nonsense', API_PORT: 'x', MEDIA_PUBLIC_URL: 'nope' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'API_PORT',
      'MEDIA_PUBLIC_URL',
      'S3_URL',
    ]);
  });
});
