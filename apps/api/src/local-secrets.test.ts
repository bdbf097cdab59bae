import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { ensureLocalSecrets, LOCAL_SECRETS_FILE, loadLocalConfig } from './local-secrets.ts';

// The first start's secrets in the data folder (issue 37, decision 013).

const root = mkdtempSync(path.join(tmpdir(), 'estately-secrets-test-'));
let folders = 0;
const freshDir = () => path.join(root, `data-${++folders}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ensureLocalSecrets', () => {
  it('generates random secrets once per data folder and reuses them on later starts', () => {
    const a = freshDir();
    const b = freshDir();
    const first = ensureLocalSecrets(a);
    expect(first.jwtKeys).toHaveLength(1);
    expect(first.jwtKeys[0]!.kid).toMatch(/^local-[0-9a-f]{8}$/);
    expect(first.jwtKeys[0]!.secret.length).toBeGreaterThanOrEqual(43);
    expect(first.internalApiToken.length).toBeGreaterThanOrEqual(43);
    expect(first.internalApiToken).not.toBe(first.jwtKeys[0]!.secret);
    // A second start on the same folder: the same secrets.
    expect(ensureLocalSecrets(a)).toEqual(first);
    // Another folder: others.
    const other = ensureLocalSecrets(b);
    expect(other.jwtKeys[0]!.secret).not.toBe(first.jwtKeys[0]!.secret);
    expect(other.internalApiToken).not.toBe(first.internalApiToken);
  });

  it('keeps the file to its owner (0600) and the folder closed to other users', () => {
    const dir = freshDir();
    ensureLocalSecrets(dir);
    expect(statSync(path.join(dir, LOCAL_SECRETS_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o007).toBe(0);
    // A folder made open by hand, a file copied in with loose rights: closed again.
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, LOCAL_SECRETS_FILE), 0o644);
    ensureLocalSecrets(dir);
    expect(statSync(path.join(dir, LOCAL_SECRETS_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o007).toBe(0);
  });

  it('refuses a damaged file with a clear message instead of signing with something made up', () => {
    const dir = freshDir();
    ensureLocalSecrets(dir);
    writeFileSync(path.join(dir, LOCAL_SECRETS_FILE), '{"version":1,"jwtKeys":[]}');
    expect(() => ensureLocalSecrets(dir)).toThrow(ConfigError);
    expect(() => ensureLocalSecrets(dir)).toThrow(/delete it to generate new secrets/);
  });

  it('gives two processes that start at once on a new folder the same secrets', async () => {
    const dir = freshDir();
    const module = path.join(import.meta.dirname, 'local-secrets.ts');
    const script = `import { ensureLocalSecrets } from ${JSON.stringify(module)};
      process.stdout.write(JSON.stringify(ensureLocalSecrets(${JSON.stringify(dir)})));`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const answers = await Promise.all([run(), run(), run()]);
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual(ensureLocalSecrets(dir));
  });
});

describe('loadLocalConfig (npm start, the API on its own, npm run worker)', () => {
  it('signs with the data folder keys and shares its internal token when the environment sets none', () => {
    const dir = freshDir();
    const api = loadLocalConfig({ DATA_DIR: dir });
    const worker = loadLocalConfig({ DATA_DIR: dir, JOBS_IN_PROCESS: 'false' });
    expect(api.jwt.source).toBe('data-folder');
    expect(worker.jwt.keys).toEqual(api.jwt.keys);
    expect(worker.internalApiToken).toBe(api.internalApiToken);
    const file = JSON.parse(readFileSync(path.join(dir, LOCAL_SECRETS_FILE), 'utf8'));
    expect(file.jwtKeys).toEqual(api.jwt.keys);
  });

  it('leaves the folder alone when the environment brings both, and in production', () => {
    const dir = freshDir();
    const config = loadLocalConfig({
      DATA_DIR: dir,
      JWT_SECRETS: `k1:${'a'.repeat(32)}`,
      INTERNAL_API_TOKEN: 'i'.repeat(40),
    });
    expect(config.jwt.source).toBe('environment');
    expect(existsSync(dir)).toBe(false);
    // Production without JWT_SECRETS still refuses to start, and writes nothing.
    expect(() =>
      loadLocalConfig({ NODE_ENV: 'production', DATA_DIR: dir, SMTP_URL: 'smtp://mail.example:587' }),
    ).toThrow(/JWT_SECRETS: required when NODE_ENV=production/);
    expect(existsSync(dir)).toBe(false);
  });
});
