// The secrets every API instance, the worker and the web servers share: generated once into the
// cluster folder (mode 0600) and reused, so sessions and signed links survive a restart of the
// cluster. An instance of a real deployment gets them from its secret store instead.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ClusterSecrets {
  /** JWT_SECRETS: KEY_ID:SECRET pairs. */
  jwtSecrets: string;
  /** INTERNAL_API_TOKEN. */
  internalToken: string;
}

export function ensureSecrets(dir: string): ClusterSecrets {
  const file = path.join(dir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<ClusterSecrets>;
    if (stored.jwtSecrets && stored.internalToken) {
      return { jwtSecrets: stored.jwtSecrets, internalToken: stored.internalToken };
    }
  }
  const secrets: ClusterSecrets = {
    jwtSecrets: `cluster1:${randomBytes(32).toString('base64url')}`,
    internalToken: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
