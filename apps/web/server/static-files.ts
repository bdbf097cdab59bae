// The client build's files, served from a table made once at start: content-hashed assets for a
// year, the rest for an hour; the build's brotli twin to browsers that accept br, gzip on the fly
// for other compressible files.

import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { createGzip } from 'node:zlib';

export interface StaticFile {
  path: string;
  size: number;
  type: string;
  immutable: boolean;
  /** The build's brotli twin (`x.js.br`, vite.config.ts), when there is one. */
  brotli?: { path: string; size: number };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/** Every file of the client build by URL path: a lookup table leaves no room for path traversal. */
export async function indexClientFiles(dir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    const dot = entry.name.lastIndexOf('.');
    const type =
      CONTENT_TYPES[dot >= 0 ? entry.name.slice(dot).toLowerCase() : ''] ?? 'application/octet-stream';
    // Vite puts content-hashed files under /assets: their URL changes whenever they do.
    files.set(urlPath, {
      path,
      size: (await stat(path)).size,
      type,
      immutable: urlPath.startsWith('/assets/'),
    });
  }
  // A brotli twin is no URL of its own: it is sent for its original to browsers that accept br.
  for (const [urlPath, file] of files) {
    if (!urlPath.endsWith('.br')) continue;
    files.delete(urlPath);
    const original = files.get(urlPath.slice(0, -3));
    if (original) original.brotli = { path: file.path, size: file.size };
  }
  return files;
}

export function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  res.setHeader('Content-Type', file.type);
  res.setHeader(
    'Cache-Control',
    file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600, must-revalidate',
  );
  res.setHeader('Vary', 'Accept-Encoding');
  const accepted = req.headers['accept-encoding'] ?? '';
  if (file.brotli && /\bbr\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', file.brotli.size);
    res.writeHead(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.brotli.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return;
  }
  const gzip = COMPRESSIBLE.test(file.type) && file.size > 1024 && /\bgzip\b/.test(accepted);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', file.size);
  res.writeHead(200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  if (gzip) stream.pipe(createGzip()).pipe(res);
  else stream.pipe(res);
}
