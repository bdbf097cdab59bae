import type { Locale, OwnProperty } from '@estately/domain';
import { formatDateTime, isMessageKey, type Translator } from '@estately/i18n';
import { ApiError } from '../../api/api-error.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { api, type Context, stateLabel } from './admin-shared.server.ts';

// Moderation of one offer, found by its number: its state, verification, strike and trust score.

function offerTitle(t: Translator, offer: { offer_type?: string; property_type?: string }): string | null {
  const key = `offer.title.${offer.offer_type}_${offer.property_type}`;
  return isMessageKey(key) ? t(key) : null;
}

export async function loadOfferModeration(context: Context, request: Request, locale: Locale, t: Translator) {
  const url = pageUrl(request);
  const asked = (url.searchParams.get('id') ?? '').trim();
  const id = /^[1-9]\d{0,15}$/.test(asked) ? Number(asked) : null;
  if (!asked) return { asked, offer: null, notFound: false };
  if (id === null) return { asked, offer: null, notFound: true };
  let property: Partial<OwnProperty> & { id: number };
  try {
    // Admins get the owner's view of any property: state, verification, strike, trust score.
    property = (
      await api(context, request).get<{ data: Partial<OwnProperty> & { id: number } }>(`/properties/${id}`)
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { asked, offer: null, notFound: true };
    throw error;
  }
  const state = property.state ?? 'draft';
  const strike = property.strike ?? null;
  return {
    asked,
    notFound: false,
    offer: {
      id: property.id,
      label: t('admin.offer_number', { id: property.id }),
      title: offerTitle(t, property),
      place: [property.street, property.city].filter(Boolean).join(', ') || null,
      state: stateLabel(t, state),
      verified: property.is_verified === true,
      strike: strike
        ? {
            reason: strike.reason,
            at: formatDateTime(new Date(strike.struck_at), locale),
            atIso: strike.struck_at,
          }
        : null,
      trustScore: property.trust_score?.score ?? null,
      publicHref: state === 'active' && !strike ? propertyDetailPath(locale, property.id) : null,
    },
  };
}
