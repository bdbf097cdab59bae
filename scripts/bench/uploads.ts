// `npm run bench:uploads [-- --photos N --megabytes MB --parallel P --runs R --keep]`: photo uploads
// of the property editor (issue 38 defect 4). Starts the API (`apps/api/src/server.ts`, its job
// worker in process as under `npm start`) on a fresh PostgreSQL database (estately_bench_uploads on
// DATABASE_URL's server, default the local one) and an empty media folder, signs a seller up,
// creates a draft property and uploads N generated photos of about MB megabytes (real JPEGs of
// noise, made with sharp, so they do not compress small; default 10 of 4 MB) P at a time, as the
// editor sends them (default 3, the editor's cap; 1 is how the editor sent them before). Each run
// uses a property of its own and prints two times: until every upload was accepted, and until
// every photo's variants exist (the owner's view of the property lists them all as ready). The
// median of the runs (default 3) is the figure of docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { databaseUrl, flag, startLine, table } from './lib.ts';

const root = join(import.meta.dirname, '..', '..');
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'estately_bench_uploads';
const PHOTOS = Number(flag('photos') || 10);
const MEGABYTES = Number(flag('megabytes') || 4);
const PARALLEL = Math.max(1, Number(flag('parallel') || 3));
const RUNS = Math.max(1, Number(flag('runs') || 3));
const PORT = Number(flag('port') || 3931);
const API = `http://127.0.0.1:${PORT}`;
/** Longest wait for the variants of one run (AVIF of noise is slow: a minute a photo on a busy 2-core machine). */
const VARIANTS_TIMEOUT_MS = 60 * 60_000;

/** A photo-sized JPEG of noise close to `megabytes` MB, different for every `seed`. */
async function noisePhoto(seed: number, megabytes: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  // Noise at a third of the size, enlarged: grainy like a high-ISO photo, and it compresses
  // like one (pure per-pixel noise would be three times larger at any quality).
  const small = { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3 as const };
  const pixels = Buffer.alloc(small.width * small.height * 3);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < pixels.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 0xff;
  }
  const target = megabytes * 1024 * 1024;
  let low = 20;
  let high = 95;
  let best: Buffer | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await sharp(pixels, { raw: small })
      .resize(width, height, { kernel: 'cubic' })
      .jpeg({ quality })
      .toBuffer();
    if (!best || Math.abs(jpeg.length - target) < Math.abs(best.length - target)) best = jpeg;
    if (jpeg.length > target) high = quality - 1;
    else low = quality + 1;
  }
  return best as Buffer;
}

function startApi(databaseName: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl(server, databaseName),
      DATA_DIR: dataDir,
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS_IN_PROCESS: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`the API exited with ${child.exitCode}`));
      try {
        const response = await fetch(`${API}/health`);
        if (response.ok) return resolve(child);
      } catch {
        // Not listening yet.
      }
      if (Date.now() - started > 60_000) return reject(new Error('the API did not start within 60 s'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function signUp(): Promise<string> {
  const body = await json(
    await fetch(`${API}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-uploads-${Date.now()}@example.com`,
        password: 'Bench-Uploads-2026',
        is_subscribed_to_updates: false,
        country_code: 'CZ',
        locale: 'en',
      }),
    }),
  );
  return String(body.token);
}

async function draftProperty(token: string): Promise<number> {
  const body = await json(
    await fetch(`${API}/v1/property/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        offer_type: 'sale',
        property_type: 'apartment',
        price: 5_900_000,
        disposition: '2',
        useful_area: 58,
        description: 'Bright flat near the park.',
        city: 'Brno',
        country_code: 'CZ',
        latitude: 49.19,
        longitude: 16.61,
        contact: { contact_email: 'bench@example.com' },
      }),
    }),
  );
  return Number((body.data as { id: number }).id);
}

async function uploadOne(token: string, propertyId: number, photo: Buffer, index: number): Promise<void> {
  const form = new FormData();
  form.set('property_id', String(propertyId));
  form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${index}.jpg`);
  const response = await fetch(`${API}/v1/property-media/save`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  await json(response);
}

interface OwnPhoto {
  status?: string;
  image_file?: { full?: string } | null;
}

/** Whether every photo of the property has its variants (the owner's view lists them ready). */
async function allReady(token: string, propertyId: number, count: number): Promise<boolean> {
  const body = await json(
    await fetch(`${API}/properties/${propertyId}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  const photos = ((body.data ?? body) as { photos?: OwnPhoto[] }).photos ?? [];
  return (
    photos.length === count &&
    photos.every((photo) => (photo.status ?? 'ready') === 'ready' && Boolean(photo.image_file?.full))
  );
}

async function oneRun(token: string, photos: Buffer[]): Promise<{ accepted: number; ready: number }> {
  const propertyId = await draftProperty(token);
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < photos.length) {
      const index = next++;
      await uploadOne(token, propertyId, photos[index] as Buffer, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, photos.length) }, lane));
  const accepted = performance.now() - started;
  console.log(`  all ${photos.length} accepted after ${seconds(accepted)} s; waiting for the variants`);
  while (!(await allReady(token, propertyId, photos.length))) {
    if (performance.now() - started > VARIANTS_TIMEOUT_MS) throw new Error('variants took over an hour');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { accepted, ready: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (value: number) => (value / 1000).toFixed(1);

async function main() {
  console.log(startLine('bench:uploads'));
  const generated = performance.now();
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => noisePhoto(i + 1, MEGABYTES)));
  const total = photos.reduce((sum, photo) => sum + photo.length, 0);
  console.log(
    `${PHOTOS} photos of 4000 x 3000 px, ${(total / PHOTOS / 1024 / 1024).toFixed(2)} MB on average, made in ${seconds(performance.now() - generated)} s`,
  );

  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-bench-uploads-'));
  let api: ChildProcess | undefined;
  try {
    api = await startApi(name, dataDir);
    const token = await signUp();
    const runs: { accepted: number; ready: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await oneRun(token, photos);
      runs.push(result);
      console.log(
        `run ${run + 1}: all accepted after ${seconds(result.accepted)} s, all variants after ${seconds(result.ready)} s`,
      );
    }
    console.log(
      table(
        [`${PHOTOS} photos, ${PARALLEL} at a time`, 'accepted (s)', 'variants (s)'],
        [
          ['median', seconds(median(runs.map((r) => r.accepted))), seconds(median(runs.map((r) => r.ready)))],
          [
            'best',
            seconds(Math.min(...runs.map((r) => r.accepted))),
            seconds(Math.min(...runs.map((r) => r.ready))),
          ],
        ],
      ),
    );
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    if (!process.argv.includes('--keep')) {
      await admin.query(`drop database if exists ${name}`);
      rmSync(dataDir, { recursive: true, force: true });
    }
    await admin.end();
  }
}

await main();
