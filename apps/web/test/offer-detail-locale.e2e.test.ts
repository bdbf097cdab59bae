// Issue 39 defects 1 and 2 in the browser, in cs, en and ar: nearby places named in the visitor's
// language with the locale's distances, and the report form whose every outcome is one message in
// the visitor's language (no reason chosen for them, a second report told apart from the first).

import { offerReports } from '@estately/db';
import {
  type Locale,
  POI_CATEGORIES,
  type PointsOfInterestResponse,
  type SearchOffersResponse,
} from '@estately/domain';
import { translate } from '@estately/i18n';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POI_KIND_LABELS,
  POI_LABELS,
  poiDistance,
  toPoiGroups,
} from '../app/features/offer-detail/points-of-interest.server.ts';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

const LOCALES_SEEN: Locale[] = ['cs', 'en', 'ar'];
// The demo data's unnamed places, as the old page showed them in every locale.
const ENGLISH_PLACEHOLDERS = [
  'Bus stop',
  'Tram stop',
  'Metro station',
  'Railway station',
  'Primary School',
  'Elementary School',
  'Grammar School',
  'Kindergarten',
  'Nursery',
  'Pharmacy',
  'City Pharmacy',
  'Medical Centre',
  'General Practitioner',
  'Dental Clinic',
  'Sports Centre',
  'Swimming Pool',
  'City Park',
  'Gardens',
  'Post Office',
];

let h: SearchHarness;
let offerId: number;
let places: PointsOfInterestResponse;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 40, seed: 'offer-locale-e2e' });
  // An offer with places of several kinds around it, one of them unnamed (an English placeholder).
  const candidates = await h.apiGet<SearchOffersResponse>('/public/offers?per_page=40');
  for (const candidate of candidates.data) {
    const answer = await h.apiGet<PointsOfInterestResponse>(
      `/public/offers/${candidate.id}/points_of_interest`,
    );
    // Only the kinds the page has a heading for are shown.
    const names = answer.data
      .filter((group) => POI_LABELS[group.category])
      .flatMap((group) => group.items.map((item) => item.name));
    if (answer.data.length >= 3 && names.some((name) => ENGLISH_PLACEHOLDERS.includes(name))) {
      offerId = candidate.id;
      places = answer;
      break;
    }
  }
  if (offerId === undefined) throw new Error('no seeded offer with unnamed places nearby');
}, 240_000);

afterAll(async () => {
  await h?.close();
});

async function reportsBy(email: string) {
  return h.database.db
    .select()
    .from(offerReports)
    .where(and(eq(offerReports.propertyId, offerId), eq(offerReports.reporterEmail, email)));
}

describe('nearby places in the visitor’s language (issue 39 defect 1)', () => {
  for (const locale of LOCALES_SEEN) {
    it(`names each place's kind and distance in ${locale}`, async () => {
      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      const section = page.getByTestId('points-of-interest');
      const shown = (await section.textContent()) ?? '';
      const groups = toPoiGroups(places, locale);
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(shown).toContain(group.label);
        for (const item of group.items) {
          const place = places.data.flatMap((g) => g.items).find((candidate) => candidate.id === item.id);
          if (!place) throw new Error(`place ${item.id} not in the API's answer`);
          // The kind in the locale's words, a proper name kept, a placeholder dropped, the locale's distance.
          expect(item.kind).toBe(translate(locale, POI_KIND_LABELS[place.category]));
          if (ENGLISH_PLACEHOLDERS.includes(place.name)) expect(item.name).toBe('');
          else expect([place.name, '']).toContain(item.name);
          expect(item.distance).toBe(poiDistance(place.distance_m, locale));
          expect(shown, `${locale} ${place.name}`).toContain(
            `${item.kind}${item.name ? ` ${item.name}` : ''} (${item.distance})`,
          );
        }
      }
      if (locale !== 'en') {
        // No English placeholder, and no English kind of place, reaches a cs or ar visitor.
        for (const english of ENGLISH_PLACEHOLDERS)
          expect(shown, `${locale}: ${english}`).not.toContain(english);
        for (const category of ['bus_stop', 'tram_stop', 'metro_station', 'train_station'] as const)
          expect(shown).not.toContain(translate('en', POI_KIND_LABELS[category]));
      }
      // A distance over a kilometre uses the locale's decimal separator ("1,1 km" in cs).
      if (locale === 'cs') expect(shown).not.toMatch(/\d\.\d km/);
      expect(POI_CATEGORIES.length).toBe(Object.keys(POI_KIND_LABELS).length);
      await context.close();
    });
  }
});

describe('the report form speaks the visitor’s language and chooses nothing for them (issue 39 defect 2)', () => {
  for (const locale of LOCALES_SEEN) {
    it(`asks for a reason, thanks once, and tells a second report apart, in ${locale}`, async () => {
      const email = `reporter-${locale}@example.com`;
      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}/${locale}/property/${offerId}`);
      await page.getByTestId('report').locator('summary').click();
      const form = page.getByTestId('report-form');
      const reason = page.getByTestId('report-reason');
      // No reason is chosen for the visitor: the list starts on "choose a reason".
      expect(await reason.inputValue()).toBe('');
      expect(await reason.locator('option:checked').textContent()).toBe(
        translate(locale, 'offer.report_choose_reason'),
      );
      await form.locator('[name="email"]').fill(email);
      await form.getByRole('button').click();
      await page.getByTestId('report-error-reason').waitFor();
      expect(await page.getByTestId('report-error-reason').textContent()).toBe(
        translate(locale, 'validation.required'),
      );
      expect(await reportsBy(email)).toHaveLength(0);

      await reason.selectOption('duplicate');
      await form.getByRole('button').click();
      await page.getByTestId('report-sent').waitFor();
      expect(await page.getByTestId('report-sent').textContent()).toBe(
        translate(locale, 'offer.report_sent'),
      );
      expect(await reportsBy(email)).toHaveLength(1);

      // The same visitor reports again: one message says so, in their language; the thank-you goes.
      await reason.selectOption('fraud');
      await form.locator('[name="email"]').fill(email);
      await form.getByRole('button').click();
      await page.getByTestId('report-conflict').waitFor();
      expect(await page.getByTestId('report-conflict').textContent()).toBe(
        translate(locale, 'offer.report_already'),
      );
      expect(await page.getByTestId('report-sent').count()).toBe(0);
      const toasts = (await page.locator('.toast-list').textContent()) ?? '';
      expect(toasts).not.toContain('already been reported');
      expect(toasts).not.toContain(translate(locale, 'status.conflict'));
      expect(await reportsBy(email)).toHaveLength(1);
      await context.close();
    });
  }

  it('says the same without JavaScript, in cs', async () => {
    const email = 'reporter-cs-static@example.com';
    const context = await h.visitor({ javaScript: false });
    const page = await context.newPage();
    for (const round of [1, 2]) {
      await page.goto(`${h.web.url}/cs/property/${offerId}`);
      await page.getByTestId('report').locator('summary').click();
      const form = page.getByTestId('report-form');
      await page.getByTestId('report-reason').selectOption('duplicate');
      await form.locator('[name="email"]').fill(email);
      await form.getByRole('button').click();
      await page.waitForLoadState('load');
      const text = (await page.getByTestId('report-form').textContent()) ?? '';
      if (round === 1) expect(text).toContain(translate('cs', 'offer.report_sent'));
      else {
        expect(text).toContain(translate('cs', 'offer.report_already'));
        expect(text).not.toContain(translate('cs', 'offer.report_sent'));
        expect(text).not.toContain('already been reported');
      }
    }
    expect(await reportsBy(email)).toHaveLength(1);
    await context.close();
  });
});
