import {
  COMPARE_COOKIE,
  COMPARE_MAX,
  type CompareOffer,
  CompareResponseSchema,
  type Locale,
  LocationAutocompleteResponseSchema,
  parseOfferIdList,
} from '@estately/domain';
import {
  createTranslator,
  formatArea,
  formatNumber,
  formatPrice,
  type MessageKey,
  type Translator,
} from '@estately/i18n';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { browserListsOf, listCookie } from '../../lib/offer-lists.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { addResponseCookie, requestApi } from '../../request-state.server.ts';
import { comparePath, offerListsActionPath } from '../../routing/offer-lists-paths.ts';
import { pack } from '../../routing/packed-data.ts';
import { displayCurrency, notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { resolveMediaUrl } from '../../ui/offers/offer-card-view.server.ts';

// The compare page (issue 44 point 4, decision 072): the offers of `ids` (2-4, dot-separated:
// the address can be shared and bookmarked) side by side in one call to the API, prices in the
// visitor's currency with the asked one beside them, and with a place the distance to it. The
// place is typed; picked from the suggestions the browser sends its point, typed without
// JavaScript the server looks it up. Without `ids` the browser's picks (the tray's cookie) are
// sent to their address.

export interface CompareColumn {
  id: number;
  href: string;
  title: string;
  photo: string | null;
  cells: Record<CompareRow, string>;
  removeBack?: string;
}

export const COMPARE_ROWS = [
  'price',
  'price_per_m2',
  'layout',
  'area',
  'floor',
  'parameters',
  'energy',
  'distance',
  'trust',
] as const;
export type CompareRow = (typeof COMPARE_ROWS)[number];

function valueText(t: Translator, set: string, value: string | null): string | null {
  return value === null ? null : t.dynamic(`value.${set}.${value}`);
}

function columnOf(offer: CompareOffer, locale: Locale, t: Translator, publicApiUrl: string): CompareColumn {
  const none = t('compare.not_stated');
  const price =
    offer.price === null
      ? none
      : offer.currency_iso_code === offer.original_currency_iso_code || offer.original_price === null
        ? formatPrice(offer.price, offer.currency_iso_code, locale)
        : `${formatPrice(offer.price, offer.currency_iso_code, locale)} (${t('compare.original_price', {
            price: formatPrice(offer.original_price, offer.original_currency_iso_code, locale),
          })})`;
  const parameters = [
    valueText(t, 'ownership', offer.ownership),
    valueText(t, 'building_type', offer.type_of_building),
    valueText(t, 'reconstruction', offer.reconstruction),
    valueText(t, 'heating', offer.type_of_heating),
    valueText(t, 'furnishing', offer.furnishings),
    valueText(t, 'parking', offer.parking),
    ...offer.other_params.map((param) => valueText(t, 'other_param', param)),
  ].filter((text): text is string => text !== null);
  const place = [offer.street, offer.city_part, offer.city].filter(Boolean).join(', ');
  return {
    id: offer.id,
    href: `/${locale}/property/${offer.id}`,
    title: [offer.layout, place].filter(Boolean).join(' · '),
    photo: offer.main_photo ? resolveMediaUrl(offer.main_photo.image_file.card, publicApiUrl) : null,
    cells: {
      price,
      price_per_m2:
        offer.price_per_m2 === null
          ? none
          : `${formatPrice(offer.price_per_m2, offer.currency_iso_code, locale)}/m²`,
      layout: offer.layout ?? none,
      area: offer.useful_area_meters === null ? none : formatArea(offer.useful_area_meters, locale),
      floor:
        offer.floor === null
          ? none
          : offer.total_floors === null
            ? formatNumber(offer.floor, locale)
            : t('compare.floor_of', { floor: offer.floor, total: offer.total_floors }),
      parameters: parameters.length > 0 ? parameters.join(', ') : none,
      energy: t.dynamic(`value.energy_class.${offer.penb}`),
      distance:
        offer.distance_km === null
          ? ''
          : t('compare.distance_km', {
              km: formatNumber(offer.distance_km, locale, { maximumFractionDigits: 1 }),
            }),
      trust: offer.trust_score === null ? none : t('compare.trust_value', { score: offer.trust_score }),
    },
  };
}

export async function loadComparePage({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromPathname(url.pathname);
  if (!locale || url.pathname !== comparePath(locale)) notFound();
  const t = createTranslator(locale);
  const config = context.get(webConfigContext);
  const rawIds = url.searchParams.get('ids');
  const picked = browserListsOf(request).compare;
  // The tray's picks get their own address, which can be shared.
  if (rawIds === null && picked.length > 0) throw redirect(comparePath(locale, picked));
  const ids = parseOfferIdList(rawIds, COMPARE_MAX) ?? [];
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  const api = requestApi(context, request, config).client;
  // The place: its point from the suggestions, or the typed words looked up here.
  const placeText = (url.searchParams.get('place') ?? '').trim().slice(0, 200);
  let point: { lat: number; lng: number } | null = null;
  let placeNotFound: string | null = null;
  const lat = Number(url.searchParams.get('lat'));
  const lng = Number(url.searchParams.get('lng'));
  if (placeText !== '') {
    if (
      url.searchParams.has('lat') &&
      Number.isFinite(lat) &&
      Number.isFinite(lng) &&
      Math.abs(lat) <= 90 &&
      Math.abs(lng) <= 180
    ) {
      point = { lat, lng };
    } else {
      try {
        const found = LocationAutocompleteResponseSchema.parse(
          await api.get('/public/locations/autocomplete', {
            query: { q: placeText, locale, limit: 1 },
            signal: request.signal,
          }),
        ).data[0];
        if (found) point = { lat: found.latitude, lng: found.longitude };
        else placeNotFound = t('compare.place_not_found', { place: placeText });
      } catch (error) {
        throwPageFailure(error, context);
      }
    }
  }
  let columns: CompareColumn[] = [];
  let missing = 0;
  if (ids.length >= 2) {
    try {
      const query: Record<string, string> = { ids: ids.join('.'), currency };
      if (point) {
        query.lat = String(point.lat);
        query.lng = String(point.lng);
      }
      const answer = CompareResponseSchema.parse(
        await api.get('/public/offers/compare', { query, signal: request.signal }),
      );
      columns = answer.data.map((offer) => ({
        ...columnOf(offer, locale, t, config.publicApiUrl),
        // After "Remove", the page of the others.
        removeBack: comparePath(
          locale,
          ids.filter((id) => id !== offer.id),
        ),
      }));
      missing = answer.missing.length;
    } catch (error) {
      throwPageFailure(error, context);
    }
  }
  const rowLabel = (row: CompareRow): string =>
    row === 'distance'
      ? t('compare.row_distance', { place: placeText })
      : t(`compare.row_${row}` as MessageKey);
  const rows = COMPARE_ROWS.filter((row) => row !== 'distance' || point !== null).map((row) => ({
    key: row,
    label: rowLabel(row),
  }));
  const back = comparePath(locale, ids);
  // The tray's picks follow the page's address (a shared link too), so the tray and the table agree.
  if (ids.join('.') !== picked.join('.'))
    addResponseCookie(context, listCookie(request, COMPARE_COOKIE, ids));
  return {
    page: pack({
      locale,
      title: pageTitle(t, t('compare.title')),
      heading: t('compare.title'),
      columns,
      rows,
      empty: columns.length < 2 ? t('compare.empty') : null,
      missing: missing > 0 ? t('compare.missing', { count: missing }) : null,
      placeNotFound,
      action: offerListsActionPath(locale),
      back,
      form: {
        action: comparePath(locale),
        ids: ids.join('.'),
        place: placeText,
        point,
        label: t('compare.place_label'),
        hint: t('compare.place_hint'),
        submit: t('compare.place_submit'),
        notFoundText: t('compare.place_not_found', { place: '' }),
      },
      texts: {
        offer: t('compare.offer'),
        print: t('compare.print'),
        remove: t('compare.remove'),
      },
    }),
  };
}
