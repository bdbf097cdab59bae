// Browser tests of the offer detail's static map (issue 9): an image drawn on our own server
// (no JavaScript, no outside service) of the offer and its nearby places, lazily loaded, sized
// from the start so nothing shifts when it arrives, with a text alternative and a legend that
// names the same kinds of places as the list; the image itself in the page's language, and 404
// for an unknown offer.

import type { PointsOfInterestResponse, SearchOffersResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPoiGroups } from '../app/features/offer-detail/points-of-interest.server.ts';
import { MARKER_STYLES } from '../app/features/offer-detail/static-map.ts';
import { staticMapPlaces } from '../app/features/offer-detail/static-map-view.server.ts';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;
let offerId: number;
let places: PointsOfInterestResponse;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 30, seed: 'static-map-e2e' });
  // An offer with nearby places (the seed puts them around the larger cities).
  const candidates = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=30');
  for (const candidate of candidates.data) {
    const answer = await h.apiGet<PointsOfInterestResponse>(
      `/public/offers/${candidate.id}/points_of_interest`,
    );
    if (toPoiGroups(answer, 'en').length >= 2) {
      offerId = candidate.id;
      places = answer;
      break;
    }
  }
  if (offerId === undefined) throw new Error('no seeded offer with points of interest');
}, 240_000);

afterAll(async () => {
  await h?.close();
});

describe('offer static map', () => {
  it('shows the map image: in the server HTML, lazy, sized, described, with a legend of the listed places', async () => {
    // The image is in the server's HTML: it needs no script.
    const html = await (await fetch(`${h.web.url}/en/property/${offerId}`)).text();
    expect(html).toMatch(new RegExp(`<img src="/static-maps/en/${offerId}.svg"[^>]*loading="lazy"`));
    const context = await h.visitor({ width: 412 });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/property/${offerId}`);
    const image = page.getByTestId('static-map-image');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(await image.getAttribute('src')).toBe(`/static-maps/en/${offerId}.svg`);
    const address = await page.locator('.offer-detail__address').textContent();
    expect(await image.getAttribute('alt')).toContain(`${translate('en', 'offer.on_map')}: ${address}`);

    // The box is reserved before the image arrives: its height does not change once it has.
    const before = await image.boundingBox();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
      .toBe(640);
    const after = await image.boundingBox();
    expect(before?.height).toBeGreaterThan(100);
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);

    // The legend names exactly the headings of the place list, and the alt text names them too.
    const headings = toPoiGroups(places, 'en').map((group) => group.label);
    const legend = await page.getByTestId('static-map-legend').locator('li').allTextContents();
    expect(legend).toEqual([address, ...headings]);
    for (const heading of headings) expect(await image.getAttribute('alt')).toContain(heading);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('draws one marker per listed place, in the page language, and answers 404 for an unknown offer', async () => {
    const response = await fetch(`${h.web.url}/static-maps/cs/${offerId}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toContain('public');
    const svg = await response.text();
    const drawn = staticMapPlaces(places);
    expect(drawn.length).toBeGreaterThan(0);
    const markers = Object.values(MARKER_STYLES).reduce(
      (sum, style) => sum + svg.split(`fill="${style.color}" stroke="#ffffff"`).length - 1,
      0,
    );
    expect(markers).toBe(drawn.length);
    // Distances on the image are written the Czech way ("1,5 km" or "500 m").
    expect(svg).toMatch(/>\d+(,\d)? k?m</);
    expect((await fetch(`${h.web.url}/static-maps/en/987654321.svg`)).status).toBe(404);
    expect((await fetch(`${h.web.url}/static-maps/xx/${offerId}.svg`)).status).toBe(404);
  });
});
