// The secrets of a start without JWT_SECRETS or INTERNAL_API_TOKEN (issue 37, decision 013):
// generated at random into the data folder on the first start and read again on every later
// one, so the API, `npm run worker` and a restarted web server agree, and a restart does not
// sign everyone out. Production never uses them: it brings its own (config.ts).
//
// Only the entry points read the file (scripts/start.ts, `node apps/api/src/server.ts`,
// worker.ts, through `loadLocalConfig`); `loadConfig` stays free of file I/O.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type Config, ConfigError, type LocalSecrets, loadConfig } from './config.ts';

/** The file in DATA_DIR. */
export const LOCAL_SECRETS_FILE = 'secrets.json';

const FileSchema = z.object({
  version: z.literal(1),
  jwtKeys: z
    .array(z.object({ kid: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), secret: z.string().min(32) }))
    .min(1),
  internalApiToken: z.string().min(32),
});

function generate(): LocalSecrets {
  return {
    // A key id of its own per data folder, so a token from another folder's key is told apart
    // in the logs; rotation works as with JWT_SECRETS (the first key signs, all verify).
    jwtKeys: [
      { kid: `local-${randomBytes(4).toString('hex')}`, secret: randomBytes(32).toString('base64url') },
    ],
    internalApiToken: randomBytes(32).toString('base64url'),
  };
}

function read(file: string): LocalSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([
      `${file}: unreadable (${(error as Error).message}); delete it to generate new secrets (everyone is signed out)`,
    ]);
  }
  const result = FileSchema.safeParse(parsed);
  if (!result.success) {
    throw new ConfigError([
      `${file}: not a secrets file of this version; delete it to generate new secrets (everyone is signed out)`,
    ]);
  }
  return { jwtKeys: result.data.jwtKeys, internalApiToken: result.data.internalApiToken };
}

/**
 * The data folder's secrets: read from DATA_DIR/secrets.json, or generated and written there
 * on the first call. The file is readable by its owner only (0600) and the folder is closed to
 * other users (no access for "others"). Two processes starting at once on a new folder agree:
 * the file appears whole (written aside, then linked into place) and the second reads the first's.
 */
export function ensureLocalSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const folder = statSync(dataDir);
  if ((folder.mode & 0o007) !== 0) {
    try {
      chmodSync(dataDir, folder.mode & 0o770);
    } catch {
      // Not ours to change (a shared mount): the file's own mode still keeps it private.
    }
  }
  const file = path.join(dataDir, LOCAL_SECRETS_FILE);
  try {
    const mode = statSync(file).mode;
    if ((mode & 0o077) !== 0) chmodSync(file, 0o600);
    return read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const secrets = generate();
  const text = `${JSON.stringify({ version: 1, ...secrets }, null, 2)}\n`;
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(aside, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(aside, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read(file);
  } finally {
    unlinkSync(aside);
  }
}

/**
 * `loadConfig` for a process that serves or works (start.ts, server.ts, worker.ts): outside
 * production, JWT_SECRETS and INTERNAL_API_TOKEN that the environment does not set come from
 * the data folder's secrets (created on the first start). Throws a `ConfigError` as
 * `loadConfig` does, before touching the disk.
 */
export function loadLocalConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const config = loadConfig(env);
  if (config.isProduction) return config;
  if (config.jwt.source === 'environment' && config.internalApiToken !== undefined) return config;
  return loadConfig(env, ensureLocalSecrets(config.dataDir));
}
