// Issue 38 point 13 in Chromium against the real API: the seller marks a photo as a floor plan in
// the editor, and the offer page shows it in its own "Floor plans" group, not in the photo
// gallery; the seller pastes a YouTube link, and the offer page shows a click-to-load facade that
// contacts no third party until the visitor presses play, then the privacy-enhanced player
// (youtube-nocookie.com) in a sandboxed frame the page's CSP allows; the seller uploads a PDF as
// the energy performance certificate, and the offer page links it with its size, served inline
// as application/pdf. A link that is not a video and a file that is not a PDF are refused under
// their fields in the page's language.

import { type PhotoVariantsJson, propertyMedia } from '@estately/db';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { ensurePropertyPhoto } from '../../api/test/support/helpers.ts';
import { tinyPdf } from '../../api/test/support/pdf-fixture.ts';
import { editPropertyPath } from '../app/routing/editor-paths.ts';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
import { apiAs, harnessPerFile, PASSWORD } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const en = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
  translate('en', key, values);

const complete = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 6_500_000,
  currency_iso_code: 'CZK',
  disposition: '2',
  room: ['living_room', 'bedroom'],
  useful_area: 54,
  useful_area_units: 'm2',
  description: 'Světlý byt se dvěma pokoji.',
  street: 'Korunní 40',
  city: 'Praha',
  country_code: 'CZ',
  latitude: 50.075,
  longitude: 14.44,
  contact: { contact_name: 'Petr Novák', contact_email: 'petr@example.com' },
};

describe('more media of an offer', () => {
  it('a floor plan in its own group, a private video facade and the energy certificate PDF', async () => {
    const email = 'more-media@example.com';
    const { token } = await h.signUpByApi(email);
    const draft = await apiAs<{ data: { id: number } }>(
      h.api.url,
      token,
      'POST',
      '/v1/property/save',
      complete,
    );
    const id = draft.data.id;
    // Two stored photos (their files are not what this test is about).
    await ensurePropertyPhoto(h.db, id);
    await h.db.insert(propertyMedia).values({
      propertyId: id,
      position: 1,
      storageKey: `photos/plan-${id}/original`,
      variants: Object.fromEntries(
        ['thumb', 'card', 'gallery', 'full'].map((size) => [size, `photos/plan-${id}/${size}.webp`]),
      ) as PhotoVariantsJson,
    });
    await apiAs(h.api.url, token, 'POST', `/v1/properties/set-state/${id}`, { state: 'active' });

    const context = await h.visitor({ locale: 'en' });
    const thirdParty: string[] = [];
    context.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (/youtube|ytimg|vimeo|google/.test(host)) thirdParty.push(request.url());
    });
    // The player itself is not on this machine's network: a stand-in answers for it.
    await context.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to frame/i.test(message.text())) refused.push(message.text());
    });
    await signIn(page, h.web.url, email, PASSWORD, 'en');

    // The editor's photos step: the second photo becomes a floor plan.
    await page.goto(`${h.web.url}${editPropertyPath('en', id, 'photos')}`);
    const second = page.getByTestId('photo').nth(1);
    await second.getByTestId('photo-floor-plan').check();
    await second.getByTestId('photo_room').click();
    await expect.poll(() => page.getByTestId('photo-floor-plan-badge').count()).toBe(1);
    expect(await page.getByTestId('photo').nth(1).getByTestId('photo-floor-plan').isChecked()).toBe(true);

    // A link that is not a video is refused under the field, in words.
    const videoField = page.getByLabel(en('media.video_url'));
    await videoField.fill('https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ');
    await page.getByTestId('video-save').click();
    await expect.poll(() => page.getByText(en('validation.invalid_video_url')).count()).toBe(1);
    expect(await videoField.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(en('media.video_url')).fill('https://youtu.be/dQw4w9WgXcQ?si=tracking');
    await page.getByTestId('video-save').click();
    await expect.poll(() => page.getByTestId('video-remove').count()).toBe(1);
    expect(await page.getByLabel(en('media.video_url')).inputValue()).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );

    // A file that is not a PDF is refused; the PDF is kept and named with its size.
    const fileField = page.getByLabel(en('media.certificate_file'));
    await fileField.setInputFiles({
      name: 'penb.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('GIF89a'),
    });
    await page.getByTestId('certificate-upload').click();
    await expect.poll(() => page.getByText(en('validation.invalid_pdf')).count()).toBe(1);
    // A scanned certificate is a few megabytes: the editor passes it on whole.
    const pdf = Buffer.concat([tinyPdf('PENB Korunni 40'), Buffer.alloc(2_400_000, 0x20)]);
    await page
      .getByLabel(en('media.certificate_file'))
      .setInputFiles({ name: 'PENB Korunní 40.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('certificate-upload').click();
    await expect
      .poll(() => page.getByTestId('certificate-current').textContent())
      .toContain('PENB-Korunni-40.pdf');

    // The offer page: one photo in the gallery, the floor plan in its own group.
    expect(thirdParty).toEqual([]);
    const response = await page.goto(`${h.web.url}${propertyDetailPath('en', id)}`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(await page.getByTestId('gallery-counter').textContent()).toBe('1 / 1');
    const plans = page.getByTestId('floor-plans');
    expect(await plans.getByRole('heading', { name: en('media.floor_plans') }).count()).toBe(1);
    expect(
      await plans.getByRole('img', { name: en('media.floor_plan_of', { index: 1, count: 1 }) }).count(),
    ).toBe(1);
    expect(
      await page
        .getByTestId('gallery')
        .getByRole('img', { name: /Floor plan/ })
        .count(),
    ).toBe(0);

    // The video: a facade, and no request to the provider until the visitor asks.
    const play = page.getByTestId('offer-video-play');
    expect(await play.textContent()).toContain(en('media.play_video'));
    expect(await play.textContent()).toContain(en('media.video_consent', { provider: 'YouTube' }));
    expect(await page.locator('iframe').count()).toBe(0);
    expect(thirdParty).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard: the facade is a link in the tab order; Enter plays.
    await play.focus();
    await page.keyboard.press('Enter');
    const frame = page.getByTestId('offer-video-player');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&autoplay=1',
    );
    expect(await frame.getAttribute('title')).toBe(en('media.video_frame_title', { provider: 'YouTube' }));
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(await frame.getAttribute('sandbox')).toContain('allow-scripts');
    await expect
      .poll(() => thirdParty.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/')))
      .toBe(true);
    expect(thirdParty.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
    expect(refused).toEqual([]);

    // The certificate's link names it with its size and opens the PDF inline.
    const link = page.getByTestId('energy-certificate');
    expect(await link.textContent()).toBe(en('media.energy_certificate_pdf', { size: '2.4 MB' }));
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`${h.api.url}/public/offers/${id}/energy_certificate`);
    const file = await context.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toBe('inline; filename="PENB-Korunni-40.pdf"');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
    await context.close();
  });
});
