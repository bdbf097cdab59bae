import { computeTrustScore, TRUST_SIGNALS } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { trustPanelView } from './trust-panel-view.server.ts';

// The offer page's trust panel (decision 066): every signal with its status in words and its
// points in the page's locale; a signal not known yet shows no points.

const score = computeTrustScore({
  identityVerified: true,
  listingVerified: false,
  photos: 4,
  copiedPhotos: 0,
  hasFloorPlan: true,
  parametersStated: 10,
  pricePerM2: null,
  medianPerM2: null,
  replyRatePercent: 95,
  replyMedianMinutes: 30,
  accountAgeDays: 500,
  upheldReports: 0,
});

describe('trustPanelView', () => {
  it('lists every signal, had, partly had, lacked and not known, with its points', () => {
    const view = trustPanelView(score, 'cs');
    expect(view?.heading).toBe(`Důvěryhodnost ${score.score}/100`);
    expect(view?.signals).toHaveLength(TRUST_SIGNALS.length);
    const line = (key: string) => view?.signals.find((signal) => signal.key === key);
    expect(line('identity_verified')).toMatchObject({
      status: 'met',
      statusText: 'splněno',
      points: '15/15',
    });
    expect(line('listing_verified')).toMatchObject({
      status: 'missing',
      statusText: 'chybí',
      points: '0/12',
    });
    expect(line('photos')).toMatchObject({ status: 'partial', statusText: 'částečně', points: '5/10' });
    expect(line('consistent_price')).toMatchObject({
      status: 'unknown',
      statusText: 'zatím nevíme',
      points: '–/10',
    });
    expect(line('quick_replies')?.label).toBe('Odpovědi do jednoho dne');
  });

  it('is in the page’s language, right to left included, and absent without a score', () => {
    expect(trustPanelView(score, 'ar')?.signals[0]?.statusText).toBe('متوفر');
    expect(trustPanelView(null, 'en')).toBeNull();
  });
});
