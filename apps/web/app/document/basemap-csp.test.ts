import { describe, expect, it } from 'vitest';
import { mapOriginOf, readWebConfig } from '../web-config.ts';
import { contentSecurityPolicy } from './csp.server.ts';

// The policy's part of the self-hosted basemap: its file's host is the map's origin.

const FILE = 'https://media.example.com/maps/europe.pmtiles';

describe('self-hosted PMTiles basemap (decision 051)', () => {
  it('lets the pages fetch from the file host (and only MapTiler with a key, nothing without either)', () => {
    const policy = (env: Record<string, string>) => {
      const config = readWebConfig(env);
      return contentSecurityPolicy('n', config.publicApiUrl, mapOriginOf(config), config.mediaOrigin);
    };
    const connect = (text: string) => text.split('; ').find((part) => part.startsWith('connect-src'));
    expect(connect(policy({ MAP_PMTILES_URL: FILE }))).toBe(
      "connect-src 'self' http://localhost:3001 https://media.example.com",
    );
    expect(connect(policy({ MAPTILER_API_KEY: 'Ab12' }))).toBe(
      "connect-src 'self' http://localhost:3001 https://api.maptiler.com",
    );
    expect(connect(policy({}))).toBe("connect-src 'self' http://localhost:3001");
    // A file on this site's own origin needs nothing more than 'self'.
    expect(mapOriginOf(readWebConfig({ MAP_PMTILES_URL: 'http://localhost:3000/basemap.pmtiles' }))).toBe(
      'http://localhost:3000',
    );
  });
});
