// Browser tests of the results list and search URLs (issue 9): the filter panel as a plain GET
// form without JavaScript, instant filtering with JavaScript (URL, counts and facet counts change
// without a full reload), a shared URL opened in another locale, paging, empty results, the
// location box with its recent places, home's place box (picked, or typed and looked up), and the
// right-to-left layout of `ar`.

import {
  composeSearchPath,
  defaultFilters,
  type LocationAutocompleteResponse,
  type OfferFacetsResponse,
  type SearchFilters,
  type SearchOffersResponse,
  serializeFilters,
} from '@estately/domain';
import { localeData, translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 80, seed: 'search-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });

async function totalOf(extra: Partial<SearchFilters>): Promise<number> {
  const answer = await h.apiGet<SearchOffersResponse>(`/public/offers?${serializeFilters(filters(extra))}`);
  return answer.meta.total;
}

describe('results and search URLs', () => {
  it('works as a plain GET form without JavaScript and lands on the canonical search URL', async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/listings`);
    const all = await totalOf({});
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: all }),
    );
    await page.getByTestId('filter-offer_type-rent').check();
    await page.getByTestId('filter-submit').click();
    await page.waitForURL((url) => url.pathname === '/en/search/rent');
    // The currency of the idle price fields stays out of the shareable URL.
    expect(new URL(page.url()).search).toBe('');
    const rent = await totalOf({ offer_type: 'rent' });
    expect(rent).toBeLessThan(all);
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: rent }),
    );
    expect(await page.getByTestId('filter-offer_type-rent').isChecked()).toBe(true);
    await context.close();
  });

  it('searches a choice made before the page has its code, as the server form (decision 032)', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    // The page's code never arrives: React does not hydrate it.
    await page.route('**/assets/*.js', () => {});
    await page.goto(`${h.web.url}/en/search`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('filter-offer_type-rent').check();
    // The form is sent as the server page's form: a new document, the search in its URL.
    await page.waitForURL((url) => url.pathname === '/en/search/rent', { waitUntil: 'domcontentloaded' });
    expect(await page.getByTestId('filter-offer_type-rent').isChecked()).toBe(true);
    // A typed price is not sent on its own (the form's button or Enter sends it).
    await page.getByTestId('filter-price_from').fill('1000');
    await page.getByTestId('filter-price_from').blur();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/en/search/rent');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('filters by several filters at once: URL, counts and facet counts change without a reload', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search`);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.getByTestId('filter-offer_type-sale').check();
    await page.waitForURL((url) => url.pathname === '/en/search/sale');
    await page.getByTestId('filter-dispositions-2').check();
    await page.waitForURL((url) => url.search === '?dispositions=2');
    await page.getByTestId('filter-dispositions-3').check();
    await page.waitForURL((url) => url.search === '?dispositions=2,3');
    // The panel's own change keeps keyboard focus on the choice just made.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('filter-dispositions-3');

    const expected = filters({ offer_type: 'sale', dispositions: ['2', '3'] });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(composeSearchPath('en', expected));
    const total = await totalOf(expected);
    await expect
      .poll(() => page.getByTestId('results-count').textContent())
      .toBe(translate('en', 'results.count', { count: total }));
    // Facet counts next to the choices are the API's disjunctive counts for this search.
    const facets = await h.apiGet<OfferFacetsResponse>(
      `/public/offers/facets?${serializeFilters(expected, ['sort', 'page', 'per_page'])}`,
    );
    const rentCount = facets.facets.offer_type?.rent;
    expect(rentCount).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .locator('label', { has: page.getByTestId('filter-offer_type-rent') })
          .getByTestId('facet-count')
          .textContent(),
      )
      .toBe(String(rentCount));

    // A typed price bound waits for a pause, then joins the URL with its currency.
    await page.getByTestId('filter-price_to').fill('9000000');
    await page.waitForURL((url) => url.searchParams.get('price_to') === '9000000');
    expect(new URL(page.url()).searchParams.get('currency')).toBe(localeData('en').currency);
    // No full reload happened: the page's own state is still there.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // The back button walks back through the searches, and the form follows the URL.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('price_to'));
    await expect.poll(() => page.getByTestId('filter-price_to').inputValue()).toBe('');
    expect(await page.getByTestId('filter-dispositions-3').isChecked()).toBe(true);
    await context.close();
  });

  it('opens a shared search URL in another locale with the same filters', async () => {
    const shared = filters({
      offer_type: 'sale',
      property_type: 'apartment',
      dispositions: ['2'],
      verified_only: true,
    });
    const german = composeSearchPath('de', shared);
    // The spec's second reading of search paths (`hledani` in every locale) is served as it is.
    const alias = await fetch(`${h.web.url}/de/hledani`, { redirect: 'manual' });
    expect(alias.status).toBe(200);
    expect(german.startsWith('/de/suche/')).toBe(true);
    const context = await h.visitor();
    const page = await context.newPage();
    const response = await page.goto(`${h.web.url}${german}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(german);
    expect(await page.getByTestId('filter-offer_type-sale').isChecked()).toBe(true);
    expect(await page.getByTestId('filter-property_type-apartment').isChecked()).toBe(true);
    expect(await page.getByTestId('filter-dispositions-2').isChecked()).toBe(true);
    expect(await page.getByTestId('filter-verified_only').isChecked()).toBe(true);
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('de', 'results.count', { count: await totalOf(shared) }),
    );
    await context.close();
  });

  it('pages through 25 offers a page', async () => {
    const all = await totalOf({});
    const pages = Math.ceil(all / 25);
    expect(pages).toBeGreaterThan(1);
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search`);
    expect(await page.getByTestId('offer-card').count()).toBe(25);
    const firstIds = await page
      .locator('.offer-card__title a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.getByTestId('next-page').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(() => page.getByTestId('pagination').locator('[aria-current="page"]').textContent())
      .toBe(translate('en', 'results.page', { page: 2, pages }));
    const secondIds = await page
      .locator('.offer-card__title a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(secondIds.some((href) => firstIds.includes(href))).toBe(false);
    await context.close();
  });

  it("names each card's seller type (spec: the card shows who sells)", async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search?seller_types=agency`);
    const sellers = await page.locator('.offer-card__seller').allTextContents();
    expect(sellers.length).toBe(await page.getByTestId('offer-card').count());
    expect(sellers.length).toBeGreaterThan(0);
    expect(new Set(sellers)).toEqual(new Set([translate('en', 'value.seller_type.agency')]));
    await context.close();
  });

  it('lays out the cards out of view only when they come near it, on a phone', async () => {
    const context = await h.visitor({ width: 412 });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search`);
    const shown = (index: number) =>
      page
        .getByTestId('offer-card')
        .nth(index)
        .evaluate((card) => card.checkVisibility({ contentVisibilityAuto: true }));
    // Below the filters, the last card is skipped by the browser until it is scrolled to.
    expect(await shown(24)).toBe(false);
    await page.getByTestId('offer-card').nth(24).scrollIntoViewIfNeeded();
    await expect.poll(() => shown(24)).toBe(true);
    // Skipped or not, every card is in the page for assistive technology and find-in-page.
    expect(
      await page
        .getByRole('listitem')
        .filter({ has: page.getByTestId('offer-card') })
        .count(),
    ).toBe(25);
    await context.close();
  });

  it('folds the filters behind one button on a phone, with the active ones counted, and not on a wide screen', async () => {
    const context = await h.visitor({ width: 412 });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search`);
    const fold = page.getByTestId('filter-fold');
    const button = fold.locator(':scope > summary');
    // Folded: the list starts in the first screen, under the location box and the button.
    expect(await button.textContent()).toBe(translate('en', 'filter.title'));
    expect(await page.getByTestId('filter-panel').isVisible()).toBe(false);
    const firstCard = await page.getByTestId('offer-card').first().boundingBox();
    expect(firstCard?.y).toBeLessThan(900);
    // Its photo is then the largest paint: loaded at once with high priority, the others lazily.
    const photos = page.locator('.offer-grid img');
    expect(await photos.first().getAttribute('fetchpriority')).toBe('high');
    expect(await photos.first().getAttribute('loading')).toBe('eager');
    expect(await photos.nth(1).getAttribute('loading')).toBe('lazy');
    // The keyboard opens it; a choice searches and the panel stays open under the visitor's hand.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('filter-offer_type-sale').check();
    await page.waitForURL((url) => url.pathname === '/en/search/sale');
    await page.getByTestId('filter-dispositions-2').check();
    await page.waitForURL((url) => url.search === '?dispositions=2');
    await expect.poll(() => button.textContent()).toBe(`${translate('en', 'filter.title')} (2)`);
    expect(await page.getByTestId('filter-panel').isVisible()).toBe(true);
    // Opened as a shared link on a wide screen: no button, the panel beside the list.
    const wide = await h.visitor();
    const widePage = await wide.newPage();
    await widePage.goto(page.url());
    expect(await widePage.getByTestId('filter-fold').locator(':scope > summary').isVisible()).toBe(false);
    expect(await widePage.getByTestId('filter-panel').isVisible()).toBe(true);
    expect(await widePage.getByTestId('filter-dispositions-2').isChecked()).toBe(true);
    expect(await widePage.getByRole('heading', { name: translate('en', 'filter.title') }).isVisible()).toBe(
      true,
    );
    await widePage.getByTestId('filter-offer_type-rent').check();
    await widePage.waitForURL((url) => url.pathname === '/en/search/rent');
    await wide.close();
    await context.close();
  });

  it('hydrates the results without the browser formatting a number', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    // The first Intl.NumberFormat of a page loads the browser's number data: tens of
    // milliseconds of main thread on a phone. The count comes written by the server.
    await page.addInitScript(() => {
      const counted = window as unknown as { numberFormats: number };
      counted.numberFormats = 0;
      const NumberFormat = Intl.NumberFormat;
      Intl.NumberFormat = new Proxy(NumberFormat, {
        construct(target, args) {
          counted.numberFormats++;
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          counted.numberFormats++;
          return Reflect.apply(target, self, args);
        },
      });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${h.web.url}/en/search`);
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: await totalOf({}) }),
    );
    expect(await page.evaluate(() => (window as unknown as { numberFormats: number }).numberFormats)).toBe(0);
    // The server's count and the hydrated page agree (React reports a mismatch as an error).
    expect(errors).toEqual([]);
    // A filter changed in the browser: the new count comes with the new page's data.
    await page.getByTestId('filter-offer_type-rent').check();
    await page.waitForURL((url) => url.pathname === '/en/search/rent');
    await expect
      .poll(() => page.getByTestId('results-count').textContent())
      .toBe(translate('en', 'results.count', { count: await totalOf({ offer_type: 'rent' }) }));
    await context.close();
  });

  it('says so on the card of an offer without photos', async () => {
    const pages = Math.ceil((await totalOf({})) / 25);
    let found: { page: number; id: string } | undefined;
    for (let number = 1; number <= pages && !found; number++) {
      const answer = await h.apiGet<SearchOffersResponse>(
        `/public/offers?${serializeFilters(filters({ page: number }))}`,
      );
      const bare = answer.data.find((offer) => offer.photos_count === 0);
      if (bare) found = { page: number, id: String(bare.id) };
    }
    // The seed (fixed) gives some offers no photos; without one this test would prove nothing.
    expect(found, 'an offer without photos among the seeded ones').toBeDefined();
    if (!found) return;
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search?page=${found.page}`);
    const card = page
      .getByTestId('offer-card')
      .filter({ has: page.locator(`a[href$="/property/${found.id}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.locator('img').count()).toBe(0);
    expect((await card.locator('.offer-card__photo').textContent())?.trim()).toBe(
      translate('en', 'offer.photos', { count: 0 }),
    );
    // A card with a photo has no such text.
    const pictured = page
      .getByTestId('offer-card')
      .filter({ has: page.locator('img') })
      .first();
    expect(await pictured.locator('.offer-card__photo--none').count()).toBe(0);
    await context.close();
  });

  it('opens "more filters" without a reload, its counts there, and keeps its choices when closed', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en/search/sale`);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const more = page.getByTestId('filter-more');
    // Closed, its controls are not on the page (decision 029).
    expect(await more.locator('input[type="checkbox"]').count()).toBe(0);
    await more.locator('summary').click();
    const sauna = page.getByTestId('filter-tags-sauna');
    // Its groups are there at once, each closed until chosen from: open the tags.
    await sauna.waitFor({ state: 'attached' });
    await more.locator('details.filter-group', { has: sauna }).locator('summary').click();
    await sauna.waitFor();
    expect(await page.getByTestId('filter-more-open').count()).toBe(0);
    const facets = await h.apiGet<OfferFacetsResponse>(
      `/public/offers/facets?${serializeFilters(filters({ offer_type: 'sale' }), ['sort', 'page', 'per_page'])}`,
    );
    expect(await page.locator('label', { has: sauna }).getByTestId('facet-count').textContent()).toBe(
      String(facets.facets.tags?.sauna),
    );
    await sauna.check();
    await page.waitForURL((url) => url.searchParams.get('tags') === 'sauna');
    await expect
      .poll(() => page.getByTestId('results-count').textContent())
      .toBe(
        translate('en', 'results.count', { count: await totalOf({ offer_type: 'sale', tags: ['sauna'] }) }),
      );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // Opened on a page where it was closed, a choice made there is kept by the other filters.
    await page.goto(
      `${h.web.url}${composeSearchPath('en', filters({ offer_type: 'sale', tags: ['sauna'] }))}`,
    );
    expect(await page.getByTestId('filter-tags-sauna').count()).toBe(0);
    await page.getByTestId('filter-dispositions-2').check();
    await page.waitForURL((url) => url.searchParams.get('dispositions') === '2');
    expect(new URL(page.url()).searchParams.get('tags')).toBe('sauna');

    // Opened by its address (`more=1`, a shared URL), it stays open while its choices search.
    await page.goto(`${h.web.url}/en/search/sale?more=1`);
    expect(await more.getAttribute('open')).not.toBeNull();
    const floorPlan = more.getByLabel(translate('en', 'filter.floor_plan'));
    await floorPlan.check();
    await page.waitForURL((url) => url.searchParams.get('has_floor_plan') === '1');
    expect(await more.getAttribute('open')).not.toBeNull();
    expect(await floorPlan.isChecked()).toBe(true);
    await context.close();
  });

  it('opens "more filters" without JavaScript with a submit, keeping the choices made', async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(
      `${h.web.url}${composeSearchPath('en', filters({ offer_type: 'sale', tags: ['sauna'] }))}`,
    );
    await page.getByTestId('filter-offer_type-rent').check();
    await page.getByTestId('filter-more').locator('summary').click();
    await page.getByTestId('filter-more-open').click();
    // The canonical URL of the choices, with the panel open.
    const expected = composeSearchPath('en', filters({ offer_type: 'rent', tags: ['sauna'] }));
    await page.waitForURL(
      (url) => url.pathname + url.search === `${expected}${expected.includes('?') ? '&' : '?'}more=1`,
    );
    expect(await page.getByTestId('filter-more').getAttribute('open')).not.toBeNull();
    expect(await page.getByTestId('filter-tags-sauna').isChecked()).toBe(true);
    // Its controls are a part of the form again: a choice there searches.
    await page.getByTestId('filter-tags-sauna').uncheck();
    await page.getByTestId('filter-submit').click();
    await page.waitForURL((url) => url.pathname === '/en/search/rent' && url.search === '');
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', { count: await totalOf({ offer_type: 'rent' }) }),
    );
    await context.close();
  });

  it('offers the simple form on the old search screen', async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledat`);
    expect(await page.getByTestId('filter-panel').count()).toBe(1);
    // No facet groups or counts: types, price, area and sort only.
    expect(await page.getByTestId('filter-more').count()).toBe(0);
    expect(await page.getByTestId('facet-count').count()).toBe(0);
    await page.getByTestId('filter-property_type-house').check();
    await page.getByTestId('filter-submit').click();
    await page.waitForURL((url) => url.pathname === '/cs/hledani/domy');
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('cs', 'results.count', { count: await totalOf({ property_type: 'house' }) }),
    );
    await context.close();
  });

  it('suggests widening the search when nothing matches, and 404s an invalid search path', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}${composeSearchPath('en', filters({ price_to: 1, currency: 'CZK' }))}`);
    expect(await page.getByTestId('results-empty').textContent()).toContain(
      translate('en', 'results.empty_hint'),
    );
    const missing = await page.goto(`${h.web.url}/en/search/no-such-segment`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  it('searches a place picked in the location box and remembers it', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs/hledani`);
    await page.getByTestId('location-input').fill('Brn');
    const option = page.getByTestId('location-option').first();
    await option.waitFor();
    await page.getByTestId('location-input').press('ArrowDown');
    await page.getByTestId('location-input').press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/cs/hledani/cesko/'));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('maptiler_locations') ?? '[]'));
    expect(stored).toHaveLength(1);
    expect(stored[0].country_code).toBe('CZ');
    expect(new URL(page.url()).pathname).toBe(`/cs/hledani/cesko/${stored[0].slug}`);
    await context.close();
  });

  it("keeps and searches what was typed into the location box before the box's code came", async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    // The box's module (fetched after the page's first load, place-box.tsx) arrives late, as on
    // a slow phone: until it has come, the server's field is all there is.
    let releaseModule = () => {};
    const moduleHeld = new Promise<void>((resolve) => {
      releaseModule = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/location-box-[^/]*\.js$/, async (route) => {
      asked = true;
      await moduleHeld;
      await route.continue();
    });
    await page.goto(`${h.web.url}/cs/hledani`);
    await expect.poll(() => asked).toBe(true);
    const input = page.getByTestId('location-input');
    await input.fill('Brn');
    const hydrated = () =>
      input.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')));
    expect(await hydrated()).toBe(false);
    releaseModule();
    await expect.poll(hydrated).toBe(true);
    // Hydrated: the text is still there, and its places are suggested.
    await page.getByTestId('location-option').first().waitFor();
    expect(await input.inputValue()).toBe('Brn');
    expect(await page.getByTestId('location-option').first().textContent()).toContain('Brno');
    await context.close();
  });

  it('names the place of a search path in its heading and title, and 404s a place that does not exist', async () => {
    const [plzen] = (
      await h.apiGet<LocationAutocompleteResponse>('/public/locations/autocomplete?q=Plze&locale=cs&limit=1')
    ).data;
    expect(plzen?.name).toBe('Plzeň');
    const context = await h.visitor();
    const page = await context.newPage();
    const path = composeSearchPath(
      'cs',
      filters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ', locality: plzen?.slug }),
    );
    expect(path).toBe('/cs/hledani/prodej/byty/cesko/plzen');
    const response = await page.goto(`${h.web.url}${path}`);
    expect(response?.status()).toBe(200);
    // The place's own name, not the slug's words ("Plzen"), with the count and what is searched
    // (issue 39 point 11): "Plzeň: 4 byty na prodej".
    const count = await totalOf({
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
      locality: plzen?.slug,
    });
    const name = translate('cs', 'results.found_in', {
      found: translate('cs', 'results.found.sale_apartment', { count }),
      place: 'Plzeň',
    });
    expect(name.startsWith('Plzeň: ')).toBe(true);
    expect(await page.locator('h1').textContent()).toBe(name);
    expect(await page.title()).toBe(`${name} | ${translate('cs', 'meta.site_name')}`);
    expect(await page.getByTestId('location-input').getAttribute('placeholder')).toBe('Plzeň');
    const missing = await page.goto(`${h.web.url}/cs/hledani/prodej/byty/cesko/atlantida`);
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  it("searches a place picked in home's search box, with the offer and property type beside it", async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/cs`);
    const form = page.getByTestId('home-search');
    await form.locator('select[name="offer_type"]').selectOption('rent');
    await form.locator('select[name="property_type"]').selectOption('house');
    const input = form.getByTestId('location-input');
    await input.fill('Brn');
    await form.getByTestId('location-option').first().waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname.includes('/cesko/'));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('maptiler_locations') ?? '[]'));
    expect(new URL(page.url()).pathname).toBe(
      composeSearchPath(
        'cs',
        filters({
          offer_type: 'rent',
          property_type: 'house',
          country_code: 'CZ',
          locality: stored[0]?.slug,
        }),
      ),
    );
    await page.getByTestId('results-count').waitFor();
    await context.close();
  });

  it("looks up a place typed in home's search box without JavaScript, and says when none is called so", async () => {
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    await page.goto(`${h.web.url}/en`);
    const form = page.getByTestId('home-search');
    await form.getByTestId('location-input').fill('Brno');
    await form.getByRole('button').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/en'));
    // The best match of the same lookup the location box makes, in the page's locale.
    const [best] = (
      await h.apiGet<LocationAutocompleteResponse>('/public/locations/autocomplete?q=Brno&locale=en&limit=1')
    ).data;
    expect(best?.name).toBe('Brno');
    expect(new URL(page.url()).pathname).toBe(
      composeSearchPath(
        'en',
        filters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ', locality: best?.slug }),
      ),
    );
    expect(await page.getByTestId('place-not-found').count()).toBe(0);

    await page.goto(`${h.web.url}/en`);
    await form.getByTestId('location-input').fill('Qwzxy Town');
    await form.getByRole('button').click();
    await page.getByTestId('place-not-found').waitFor();
    expect(await page.getByTestId('place-not-found').textContent()).toBe(
      translate('en', 'search.place_not_found', { place: 'Qwzxy Town' }),
    );
    // Left in the location box, to correct.
    expect(await page.getByTestId('location-input').inputValue()).toBe('Qwzxy Town');
    // The search everywhere of the form's other fields.
    expect(await page.getByTestId('results-count').textContent()).toBe(
      translate('en', 'results.count', {
        count: await totalOf({ offer_type: 'sale', property_type: 'apartment' }),
      }),
    );
    await context.close();
  });

  it('lays the page out right to left in ar', async () => {
    const context = await h.visitor();
    const page = await context.newPage();
    await page.goto(`${h.web.url}/ar/results`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    const filtersBox = await page.locator('.results-layout__filters').boundingBox();
    const listBox = await page.locator('.results-layout__list').boundingBox();
    // The filter column starts the line, which is on the right in Arabic.
    expect(filtersBox && listBox && filtersBox.x > listBox.x).toBe(true);
    expect(await page.getByTestId('filter-panel').getAttribute('aria-label')).toBe(
      translate('ar', 'filter.title'),
    );
    // The panel with every group open passes WCAG 2.1 AA in right-to-left too.
    await page.getByTestId('filter-more').locator('summary').first().click();
    await page.getByTestId('filter-more').locator('.filter-group').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
