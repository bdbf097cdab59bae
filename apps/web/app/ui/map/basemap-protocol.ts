// MapLibre for a map about to open, with what its basemap needs: when the site's style reads a
// PMTiles file (PublicConfig.mapPmtiles), the `pmtiles://` protocol is registered first. Both
// come as chunks of their own, fetched only by an open map, and the PMTiles reader only on
// sites that use it (first-load budget).

let protocol: Promise<void> | null = null;

export async function loadMaplibre(pmtiles: boolean) {
  const setup = await import('./maplibre-setup.ts');
  if (pmtiles) {
    protocol ??= import('pmtiles').then(({ Protocol }) => {
      setup.maplibre.addProtocol('pmtiles', new Protocol().tile);
    });
    // A failed fetch of the chunk is not kept: the next map tries again.
    protocol.catch(() => {
      protocol = null;
    });
    await protocol;
  }
  return setup;
}
