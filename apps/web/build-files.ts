import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether the web build in `dir` is whole: its server names client assets ("/assets/...") and
 * every one is there (not a build caught half replaced by another). The server's entry may hold
 * the manifest or re-export it from a chunk of its own, so every server file is read.
 */
export function consistentBuild(dir: string): boolean {
  const server = join(dir, 'server');
  if (!existsSync(join(server, 'index.js'))) return false;
  const files = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  const assets = new Set(
    files.flatMap(
      (file) => readFileSync(join(server, file), 'utf8').match(/"\/assets\/[\w.-]+\.(?:js|css)"/g) ?? [],
    ),
  );
  return assets.size > 0 && [...assets].every((asset) => existsSync(join(dir, 'client', asset.slice(1, -1))));
}
