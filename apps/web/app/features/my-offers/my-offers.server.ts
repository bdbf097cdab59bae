import {
  buildPath,
  type Locale,
  type MyPropertyItem,
  offerHeading,
  type PageMeta,
  type PropertyState,
} from '@estately/domain';
import { formatDate, formatPrice, type MessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { pendingSetCookies, requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { sessionCookieHeaders } from '../auth/auth-api.server.ts';
import type { FormResult } from '../auth/form-ui.tsx';
import { resolveMediaUrl } from '../offers/offer-card-view.server.ts';
import { editPropertyPath, newPropertyPath } from '../property-editor/editor-paths.ts';
import { stepOfField } from '../property-editor/editor-steps.ts';
import { FIELD_LABEL_KEYS } from '../property-editor/editor-texts.server.ts';
import { isPropertyState, stateActions } from './offer-actions.ts';

// My offers (spec 2, issue 10): the person's own properties from GET /my/own/properties with
// their state and statistics, and the state changes the lifecycle allows, sent to
// POST /v1/properties/set-state/{id}. The API checks ownership and the transition table again.

type Context = Readonly<RouterContextProvider>;

const PAGE_SIZE = 25;

export interface MyOfferView {
  id: number;
  title: string;
  address: string;
  price: string | null;
  photo: string | null;
  state: PropertyState;
  stateLabel: string;
  strike: string | null;
  views: number;
  favourites: number;
  leads: number;
  updated: string;
  editHref: string;
  publicHref: string | null;
  actions: { to: PropertyState; label: string }[];
  /** The version the list shows (the property's strong ETag), sent as If-Match with a state change. */
  etag: string;
}

export interface MyOffersData {
  items: MyOfferView[];
  total: number;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  addHref: string;
}

export async function loadMyOffers(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
): Promise<MyOffersData> {
  const config = context.get(webConfigContext);
  const url = pageUrl(request);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const answer = await requestApi(context, request, config).client.get<{
    data: MyPropertyItem[];
    meta: PageMeta;
  }>('/my/own/properties', { query: { page, per_page: PAGE_SIZE } });
  const base = buildPath('accountMyOffers', locale);
  const pageHref = (target: number | null) =>
    target ? (target > 1 ? `${base}?page=${target}` : base) : null;
  return {
    items: answer.data.map((item) => ({
      id: item.id,
      // The layout in the reader's words, never the raw value ("maisonette"; issue 38 point 5).
      title: offerHeading(item, null, t.dynamic),
      address: [item.street, item.city].filter(Boolean).join(', ') || t('my_offers.no_address'),
      price: item.price !== null ? formatPrice(item.price, item.currency_iso_code, locale) : null,
      photo: item.main_photo ? resolveMediaUrl(item.main_photo.thumb, config.publicApiUrl) : null,
      state: item.state,
      stateLabel: t(`value.property_state.${item.state}` as MessageKey),
      strike: item.strike ? t('my_offers.struck', { reason: item.strike.reason }) : null,
      views: item.statistics.views,
      favourites: item.statistics.favourites,
      leads: item.statistics.leads,
      updated: formatDate(item.updated_at, locale),
      editHref: editPropertyPath(locale, item.id),
      publicHref: item.state === 'active' && !item.strike ? propertyDetailPath(locale, item.id) : null,
      actions: stateActions(item.state, item.offer_type).map((action) => ({
        to: action.to,
        label: t(action.label as MessageKey),
      })),
      etag: item.etag,
    })),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: pageHref(answer.meta.prev_page),
    next: pageHref(answer.meta.next_page),
    addHref: newPropertyPath(locale),
  };
}

export type MyOffersResult = FormResult & { missing?: { href: string } };

export async function myOffersAction(options: {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
}) {
  const { context, request, locale, t } = options;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  const state = String(form.get('state') ?? '');
  const resultIntent = `set_state:${id}`;
  if (intent !== 'set_state' || !Number.isInteger(id) || id < 1 || !isPropertyState(state))
    return data<MyOffersResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
  const client = requestApi(context, request, context.get(webConfigContext)).client;
  try {
    // The version the list showed: a change made since (in the editor, another tab) answers 412
    // instead of being overwritten (decision 014).
    const etag = String(form.get('etag') ?? '');
    await client.post(
      `/v1/properties/set-state/${id}`,
      { state },
      /^"[\x21\x23-\x7e]{1,200}"$/.test(etag) ? { headers: { 'if-match': etag } } : {},
    );
    return data<MyOffersResult>({
      intent: resultIntent,
      done: t('my_offers.state_changed', { state: t(`value.property_state.${state}` as MessageKey) }),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const page = pageUrl(request);
      const headers = sessionCookieHeaders(request, null);
      for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
      return redirect(
        `${buildPath('auth', locale)}?redirect=${encodeURIComponent(page.pathname + page.search)}`,
        { headers },
      );
    }
    if (error instanceof ApiError && error.status === 412)
      return data<MyOffersResult>(
        { intent: resultIntent, formError: t('editor.changed_elsewhere') },
        { status: 412 },
      );
    if (error instanceof ApiError && error.errors && state === 'active' && !error.errors.state) {
      // Publishing refused: name what is missing and link to the editor's preview.
      const labels = Object.keys(error.errors).map((field) => {
        const key = FIELD_LABEL_KEYS[field.split('.')[0] ?? field];
        return key ? t(key) : t(`editor.step.${stepOfField(field)}` as MessageKey);
      });
      const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format([...new Set(labels)]);
      return data<MyOffersResult>(
        {
          intent: resultIntent,
          formError: t('my_offers.publish_missing', { fields: list }),
          missing: { href: editPropertyPath(locale, id, 'preview') },
        },
        { status: 422 },
      );
    }
    return data<MyOffersResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
  }
}
