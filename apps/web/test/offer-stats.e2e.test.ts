// Issue 38 point 11 in Chromium against the real API: a seller opens one offer's statistics from
// my offers, in cs and in ar (right to left). The chart is SVG drawn on the server (no script
// needed): one bar per day with its value, a caption, a legend with the median of similar offers,
// and the same figures in a table; the metric and the window switch by plain links.

import { mkdirSync } from 'node:fs';
import { offerViewStats, users } from '@estately/db';
import { formatNumber, translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/helpers.ts';
import { signIn, startAccountHarness } from './account-helpers.ts';
import { harnessPerFile } from './browser-setup.ts';

const h = harnessPerFile(startAccountHarness);
const DAY_MS = 86_400_000;
const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('offer statistics page', () => {
  it('draws the daily chart with its table in cs and ar, and switches metric and window by links', async () => {
    const email = 'statistiky@example.com';
    await h.signUpByApi(email);
    const [seller] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = await insertOffer(h.db, {
      ownerId: seller!.id,
      publishedAt: new Date(Date.now() - 60 * DAY_MS),
      price: 4_500_000,
      city: 'Praha',
    });
    // The offer: 1234 views two days ago, 12 today, 3 contact reveals yesterday. Its similar
    // offers (the harness's Praha sales, same type and price band) have a few views each.
    await h.db
      .insert(offerViewStats)
      .values([
        { propertyId: id, day: iso(2), detailViews: 1234 },
        { propertyId: id, day: iso(1), detailViews: 0, contactViews: 3 },
        { propertyId: id, day: iso(0), detailViews: 12 },
        ...h.offerIds
          .slice(0, 9)
          .map((offer, index) => ({ propertyId: offer, day: iso(3), detailViews: 30 * (index + 1) })),
      ]);

    const context = await h.visitor({ locale: 'cs' });
    const page = await context.newPage();
    await signIn(page, h.web.url, email, undefined, 'cs');
    await page.goto(`${h.web.url}/cs/account/my-offers`);
    const link = page.locator(`[data-testid="my-offer"][data-id="${id}"]`).getByTestId('my-offer-stats-link');
    expect((await link.textContent())?.startsWith(translate('cs', 'offer_stats.link'))).toBe(true);
    await link.click();
    await page.waitForURL(new RegExp(`/cs/account/my-offers/${id}/stats$`));

    const figure = page.getByTestId('offer-stats-chart');
    expect(await figure.evaluate((node) => node.tagName)).toBe('FIGURE');
    expect(await figure.locator('figcaption').textContent()).toContain('Zobrazení detailu po dnech');
    const svg = figure.locator('svg');
    expect(await svg.getAttribute('role')).toBe('img');
    const bars = svg.locator('[data-testid="offer-stats-bars"] rect');
    expect(await bars.count()).toBe(30);
    const values = await bars.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-value'))),
    );
    expect(values.slice(-3)).toEqual([1234, 0, 12]);
    // The tallest bar is the 1234 views, a zero day has no height.
    const heights = await bars.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('height'))),
    );
    expect(Math.max(...heights)).toBe(heights[27]);
    expect(heights[28]).toBe(0);
    // Bars run oldest first from the left.
    const xs = await bars.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('x'))));
    expect(xs[0]!).toBeLessThan(xs[29]!);
    expect(await svg.locator('[data-testid="offer-stats-median"]').count()).toBe(1);
    expect(await page.getByTestId('offer-stats-legend').textContent()).toContain('Medián podobných nabídek');
    const position = page.getByTestId('offer-stats-position');
    expect(await position.getAttribute('data-status')).toBe('ok');
    expect(await position.textContent()).toMatch(
      /^Vaše nabídka měla .+ zobrazení denně, podobné nabídky měly medián/,
    );

    // The data table: every day, the figures in Czech formatting.
    const rows = page.getByTestId('offer-stats-table').locator('tbody tr');
    expect(await rows.count()).toBe(30);
    const cells = (row: number) => rows.nth(row).locator('td').allTextContents();
    expect(await cells(27)).toEqual([formatNumber(1234, 'cs'), '0', '0', '0']);
    expect(await cells(28)).toEqual(['0', '3', '0', '0']);
    expect(await cells(29)).toEqual(['12', '0', '0', '0']);
    expect(formatNumber(1234, 'cs')).not.toBe('1234');

    // Another metric and window by plain links: contact reveals over 7 days.
    await page.getByTestId('offer-stats-metrics').locator('a[data-metric="contact_views"]').click();
    await page.waitForURL(/metric=contact_views/);
    expect(await figure.getAttribute('data-metric')).toBe('contact_views');
    await page.getByTestId('offer-stats-windows').getByText('Posledních 7 dní').click();
    await page.waitForURL(/days=7/);
    expect(await bars.count()).toBe(7);
    const contact = await bars.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-value'))),
    );
    expect(contact).toEqual([0, 0, 0, 0, 0, 3, 0]);
    expect(await page.getByTestId('offer-stats-windows').locator('[aria-current="page"]').textContent()).toBe(
      'Posledních 7 dní',
    );
    // No median line on another metric than views.
    expect(await svg.locator('[data-testid="offer-stats-median"]').count()).toBe(0);

    // Someone else's offer is 404.
    const other = await page.goto(`${h.web.url}/cs/account/my-offers/${h.offerIds[0]}/stats`);
    expect(other?.status()).toBe(404);

    // Arabic: right to left, the newest day on the left, the same figures.
    const ar = await page.goto(`${h.web.url}/ar/account/my-offers/${id}/stats`);
    expect(ar?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await svg.getAttribute('direction')).toBe('rtl');
    expect(await figure.locator('figcaption').textContent()).toContain(
      translate('ar', 'offer_stats.metric_views'),
    );
    const arXs = await bars.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('x'))));
    expect(arXs[0]!).toBeGreaterThan(arXs[29]!);
    expect(await cells(27)).toEqual([formatNumber(1234, 'ar'), '0', '0', '0']);
    expect(await cells(29)).toEqual([formatNumber(12, 'ar'), '0', '0', '0']);
    expect(await page.getByTestId('offer-stats-position').textContent()).toContain('حصل إعلانك على');

    // The chart in English, for the record.
    await page.goto(`${h.web.url}/en/account/my-offers/${id}/stats`);
    await page.setViewportSize({ width: 1000, height: 1100 });
    mkdirSync('/tmp/screens', { recursive: true });
    await page.locator('.offer-stats').screenshot({ path: '/tmp/screens/stats-chart.png' });
    await context.close();
  });
});
