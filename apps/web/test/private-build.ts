// Parts the editor's browser tests share (the editor, its location step, photo uploads): a private
// copy of the web build, and the gazetteer of Czechia for the place search and reverse lookup.

import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Db, locationNames, locations } from '@estately/db';
import { buildGazetteer, locationNameRows } from '@estately/db/seed';
import { consistentBuild } from '../build-files.ts';
import { BUILD_DIR } from '../server/server.ts';
import { ensureWebBuild, ROOT } from './browser-setup.ts';

/**
 * A copy of the web build of this test file's own (`name` and the process id): a build started
 * meanwhile by another test replaces the hashed assets of the shared one. Copies until the copy is
 * complete (a build may be half written), for two minutes at most. Remove it when done.
 */
export async function privateBuildCopy(name: string): Promise<string> {
  ensureWebBuild();
  const buildDir = join(ROOT, 'node_modules', '.cache', name, String(process.pid));
  for (let attempt = 0; ; attempt++) {
    try {
      rmSync(buildDir, { recursive: true, force: true });
      cpSync(BUILD_DIR, buildDir, { recursive: true });
      if (consistentBuild(buildDir)) return buildDir;
    } catch (error) {
      if (attempt >= 40) throw error;
    }
    if (attempt >= 40) throw new Error('no complete web build to copy');
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/** The seed's gazetteer of Czechia (Brno's districts included), named in the given locales. */
export async function insertCzechGazetteer(db: Db, nameLocales: readonly string[]): Promise<void> {
  const gazetteer = buildGazetteer();
  const czech = gazetteer.all.filter((location) => location.countryCode === 'CZ');
  const ids = new Set(czech.map((location) => location.id));
  for (let at = 0; at < czech.length; at += 1000) {
    await db.insert(locations).values(
      czech.slice(at, at + 1000).map((location) => ({
        id: location.id,
        kind: location.kind,
        parentId: location.parentId,
        countryCode: location.countryCode,
        geonamesId: location.geonamesId,
        population: location.population,
        latitude: location.latitude,
        longitude: location.longitude,
      })),
    );
  }
  const names = locationNameRows(gazetteer)
    .filter((row) => ids.has(row.locationId) && nameLocales.includes(row.locale))
    .map((row, index) => ({ id: index + 1, ...row }));
  for (let at = 0; at < names.length; at += 1000)
    await db.insert(locationNames).values(names.slice(at, at + 1000));
}
