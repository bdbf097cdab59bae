import type { Locale, OwnProperty, PropertyGroup } from '@estately/domain';
import { formatDateTime, formatPrice, isMessageKey, type Translator } from '@estately/i18n';
import { ApiError } from '../../api/api-error.ts';
import { adminPath } from '../../routing/admin-paths.ts';
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
  const group = await loadOfferGroup(context, request, id, locale, t);
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
      // Held from search by the scam rules (decision 067): decided in the scam review queue.
      underReview: property.under_review === true ? adminPath(locale, 'scams') : null,
      trustScore: property.trust_score?.score ?? null,
      publicHref:
        state === 'active' && !strike && !property.under_review
          ? propertyDetailPath(locale, property.id)
          : null,
      group,
    },
  };
}

/**
 * The offers matched as the same property as this one (decision 068), each with its price, state
 * and whether search shows it, for the admin to split a wrong one off; null when it is alone.
 */
async function loadOfferGroup(context: Context, request: Request, id: number, locale: Locale, t: Translator) {
  let group: PropertyGroup;
  try {
    group = await api(context, request).get<PropertyGroup>(`/admin/property-groups/${id}`);
  } catch (error) {
    // An offer never published has no read-model row, so no group.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  if (group.id === null || group.members.length < 2) return null;
  return {
    heading: t('admin.group_heading'),
    note: t('admin.group_note'),
    splitLabel: t('admin.group_split'),
    members: group.members.map((member) => ({
      id: member.id,
      text: t('admin.group_member', {
        id: member.id,
        price:
          member.price === null
            ? t('offer.price_on_request')
            : formatPrice(member.price, member.currency_iso_code, locale),
        state: stateLabel(t, member.state),
      }),
      card: member.is_card ? t('admin.group_card') : null,
    })),
  };
}
