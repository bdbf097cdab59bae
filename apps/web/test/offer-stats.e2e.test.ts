// Issue 38 point 11 in Chromium against the real API: a seller opens one offer's statistics from
// my offers, in cs and in ar (right to left). The chart is SVG drawn on the server (no script
// needed): one bar per day with its value, a caption, a legend with the median of similar offers,
// and the same figures in a table; the metric and the window switch by plain links.

import { mkdirSync } from 'node:fs';
import { offerViewStats, users } from '@estately/db';
import { formatNumber, translate } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOffer } from '../../api/test/support/helpers.ts';
import { axeViolations, signIn, startAccountHarness } from './account-helpers.ts';
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
    // The offer: 40 to 62 views a day for four weeks, then 96 two days ago, none yesterday (but 3
    // contact reveals) and 12 today. Its similar offers (the harness's Praha sales, same type
    // and price band) had fewer views every day of the last 20.
    const daily = (daysAgo: number) =>
      daysAgo === 2 ? 96 : daysAgo === 1 ? 0 : daysAgo === 0 ? 12 : 40 + ((daysAgo * 7) % 23);
    const expected = Array.from({ length: 30 }, (_, index) => daily(29 - index));
    await h.db.insert(offerViewStats).values([
      ...expected.map((views, index) => ({
        propertyId: id,
        day: iso(29 - index),
        detailViews: views,
        contactViews: index === 28 ? 3 : 0,
      })),
      ...h.offerIds.slice(0, 9).flatMap((offer, rank) =>
        Array.from({ length: 20 }, (_, daysAgo) => ({
          propertyId: offer,
          day: iso(daysAgo),
          detailViews: 3 * (rank + 1),
        })),
      ),
    ]);
    const total = expected.reduce((sum, value) => sum + value, 0);
    expect(total).toBeGreaterThan(1000);

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
    expect(values).toEqual(expected);
    // The tallest bar is the day with the most views, a zero day has no height.
    const heights = await bars.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('height'))),
    );
    expect(heights.indexOf(Math.max(...heights))).toBe(expected.indexOf(Math.max(...expected)));
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
    expect(await cells(27)).toEqual(['96', '0', '0', '0']);
    expect(await cells(28)).toEqual(['0', '3', '0', '0']);
    expect(await cells(29)).toEqual(['12', '0', '0', '0']);
    // Numbers grouped the Czech way (a space), the total in the metric switch and under the chart.
    expect(formatNumber(total, 'cs')).toMatch(/^1\s\d{3}$/);
    expect(await page.getByTestId('offer-stats-total').textContent()).toBe(
      `Celkem za období: ${formatNumber(total, 'cs')}`,
    );

    // No WCAG A/AA violations (contrast, names, structure), the data table open too.
    await page.locator('.offer-stats__details summary').click();
    expect(await page.getByTestId('offer-stats-table').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Another metric and window by plain links: contact reveals over 7 days.
    await page.getByTestId('offer-stats-metrics').locator('a[data-metric="contact_views"]').click();
    await page.waitForURL(/metric=contact_views/);
    // After hydration the link navigates in the page: wait for the new chart.
    await expect.poll(() => figure.getAttribute('data-metric')).toBe('contact_views');
    await page.getByTestId('offer-stats-windows').getByText('Posledních 7 dní').click();
    await page.waitForURL(/days=7/);
    await expect.poll(() => bars.count()).toBe(7);
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
    expect(await cells(27)).toEqual([formatNumber(96, 'ar'), '0', '0', '0']);
    expect(await cells(28)).toEqual(['0', formatNumber(3, 'ar'), '0', '0']);
    expect(await cells(29)).toEqual([formatNumber(12, 'ar'), '0', '0', '0']);
    expect(await page.getByTestId('offer-stats-position').textContent()).toContain('حصل إعلانك على');
    mkdirSync('/tmp/screens', { recursive: true });
    await page.locator('.offer-stats').screenshot({ path: '/tmp/screens/stats-chart-ar.png' });
    expect(await axeViolations(page)).toEqual([]);

    // Drawn on the server: with scripts off, the English page has the whole chart and table.
    const noScript = await h.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1000, height: 1100 },
    });
    await noScript.addCookies(await context.cookies());
    const plain = await noScript.newPage();
    expect((await plain.goto(`${h.web.url}/en/account/my-offers/${id}/stats`))?.status()).toBe(200);
    expect(await plain.locator('[data-testid="offer-stats-bars"] rect').count()).toBe(30);
    expect(await plain.getByTestId('offer-stats-total').textContent()).toBe(
      `Total for the period: ${formatNumber(total, 'en')}`,
    );
    expect(await plain.getByTestId('offer-stats-position').textContent()).toMatch(
      /^Your offer had .+ views a day; similar offers had a median of .+ — (.+ more|.+ fewer|the same)\.$/,
    );
    mkdirSync('/tmp/screens', { recursive: true });
    await plain.locator('.offer-stats').screenshot({ path: '/tmp/screens/stats-chart.png' });
    await noScript.close();
    await context.close();
  });
});
