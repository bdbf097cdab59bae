import {
  BULK_PROPERTY_ACTIONS,
  BULK_PROPERTY_IDS_MAX,
  type BulkPropertyAction,
  type BulkPropertyActionResponse,
  buildPath,
  type Locale,
  type MyPropertyItem,
  offerHeading,
  type PageMeta,
  type PropertyDetailResponseSchema,
  type PropertyState,
  RENEW_INTERVAL_DAYS,
} from '@estately/domain';
import { formatDate, formatPrice, type MessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { stepOfField } from '../../lib/editor-steps.ts';
import { requestApi } from '../../request-state.server.ts';
import { editPropertyPath, newPropertyPath } from '../../routing/editor-paths.ts';
import { offerStatsPath } from '../../routing/offer-stats-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { resolveMediaUrl } from '../../ui/offers/offer-card-view.server.ts';
import { FIELD_LABEL_KEYS } from '../../ui/property-form/editor-texts.server.ts';
import { confirmAvailabilityAction } from './confirm-availability.server.ts';
import { type MyOffersFilters, myOffersQuery, parseMyOffersFilters } from './my-offers-filters.ts';
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
  /** Held from search by the scam rules until reviewed (decision 067): said without details. */
  underReview: string | null;
  /** "Still available?" unanswered for a week (decision 065): why the offer sits lower in search. */
  unconfirmed: string | null;
  /** Another seller's offer of the same property is cheaper and stands for it in search (decision 068). */
  groupedBehind: string | null;
  views: number;
  favourites: number;
  leads: number;
  updated: string;
  editHref: string;
  publicHref: string | null;
  /** The offer's statistics over time (issue 38 point 11). */
  statsHref: string;
  /** Whether the bulk action may be offered for it (the API decides again per id). */
  canDelete: boolean;
  actions: { to: PropertyState; label: string }[];
  /** The version the list shows (the property's strong ETag), sent as If-Match with a state change. */
  etag: string;
}

export interface MyOffersData {
  items: MyOfferView[];
  /** The filters of the URL, as the filter bar shows them. */
  filters: MyOffersFilters;
  /** Whether any filter or search narrows the list (an empty list then says so). */
  filtered: boolean;
  /** The list without filters. */
  clearHref: string;
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
  const filters = parseMyOffersFilters(url.searchParams);
  const answer = await requestApi(context, request, config).client.get<{
    data: MyPropertyItem[];
    meta: PageMeta;
  }>('/my/own/properties', { query: { ...myOffersQuery(filters), per_page: PAGE_SIZE } });
  const base = buildPath('accountMyOffers', locale);
  // Paging keeps the filters: the same URL parameters with another page.
  const pageHref = (target: number | null) => {
    if (!target) return null;
    const params = new URLSearchParams(myOffersQuery({ ...filters, page: target }, true));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
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
      underReview: item.under_review ? t('my_offers.under_review') : null,
      unconfirmed: item.not_confirmed_recently ? t('my_offers.unconfirmed') : null,
      groupedBehind: item.grouped_behind ? t('my_offers.grouped_behind') : null,
      views: item.statistics.views,
      favourites: item.statistics.favourites,
      leads: item.statistics.leads,
      updated: formatDate(item.updated_at, locale),
      editHref: editPropertyPath(locale, item.id),
      publicHref:
        item.state === 'active' && !item.strike && !item.under_review
          ? propertyDetailPath(locale, item.id)
          : null,
      statsHref: offerStatsPath(locale, item.id),
      canDelete: item.state === 'draft',
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
    filters,
    filtered: Boolean(filters.state || filters.kind || filters.type || filters.q),
    clearHref: base,
  };
}

export type MyOffersResult = FormResult & {
  missing?: { href: string };
  /** A bulk action's outcome: the summary and each refused offer with why. */
  bulk?: { done: string | null; refusedTitle: string | null; refused: string[] };
};

export async function myOffersAction(options: {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
}) {
  const { context, request, locale, t } = options;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'bulk') return bulkAction({ ...options, form });
  if (intent === 'duplicate') return duplicateAction({ ...options, form });
  if (intent === 'confirm_availability') return confirmAvailabilityAction({ ...options, form });
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
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
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

const REFUSAL_KEYS = {
  not_found: 'my_offers.refusal.not_found',
  not_allowed: 'my_offers.refusal.not_allowed',
  not_draft: 'my_offers.refusal.not_draft',
  renewed_recently: 'my_offers.refusal.renewed_recently',
  struck: 'my_offers.refusal.struck',
} as const satisfies Record<string, MessageKey>;

const DONE_KEYS = {
  reserve: 'my_offers.bulk_done.reserve',
  withdraw: 'my_offers.bulk_done.withdraw',
  renew: 'my_offers.bulk_done.renew',
  delete: 'my_offers.bulk_done.delete',
} as const satisfies Record<BulkPropertyAction, MessageKey>;

/** The ids a bulk form names: the ticked ones, or every offer of the page with "select all" (works without scripts). */
export function bulkIds(form: FormData): number[] {
  const named = form.get('all') === 'page' ? form.getAll('page_ids') : form.getAll('ids');
  const ids = named.map((value) => Number(value)).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

async function bulkAction(options: {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
  form: FormData;
}) {
  const { context, request, locale, t, form } = options;
  const action = String(form.get('bulk') ?? '') as BulkPropertyAction;
  if (!(BULK_PROPERTY_ACTIONS as readonly string[]).includes(action))
    return data<MyOffersResult>({ intent: 'bulk', formError: t('error.generic') }, { status: 400 });
  const ids = bulkIds(form);
  if (ids.length === 0)
    return data<MyOffersResult>(
      { intent: 'bulk', formError: t('my_offers.bulk_none_selected') },
      { status: 422 },
    );
  if (ids.length > BULK_PROPERTY_IDS_MAX)
    return data<MyOffersResult>({ intent: 'bulk', formError: t('error.generic') }, { status: 422 });
  const client = requestApi(context, request, context.get(webConfigContext)).client;
  let answer: BulkPropertyActionResponse;
  try {
    answer = await client.post<BulkPropertyActionResponse>('/my/own/properties/bulk', { action, ids });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return data<MyOffersResult>({ intent: 'bulk', formError: t('error.generic') }, { status: 400 });
  }
  const done = answer.data.filter((outcome) => outcome.outcome === 'done').length;
  const refused = answer.data.filter((outcome) => outcome.outcome === 'refused');
  // Each refused offer by the title the list showed (sent with the form), else its number.
  const titleOf = (id: number) => {
    const title = String(form.get(`title_${id}`) ?? '').slice(0, 200);
    return title || t('my_offers.offer_number', { id: String(id) });
  };
  return data<MyOffersResult>({
    intent: 'bulk',
    bulk: {
      done: done > 0 || refused.length === 0 ? t(DONE_KEYS[action], { count: done }) : null,
      refusedTitle: refused.length > 0 ? t('my_offers.bulk_refused', { count: refused.length }) : null,
      refused: refused.map((outcome) =>
        t('my_offers.refused_item', {
          title: titleOf(outcome.id),
          reason: t(REFUSAL_KEYS[outcome.reason ?? 'not_allowed'], { days: RENEW_INTERVAL_DAYS }),
        }),
      ),
    },
  });
}

async function duplicateAction(options: {
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
  form: FormData;
}) {
  const { context, request, locale, t, form } = options;
  const id = Number(form.get('id'));
  const resultIntent = `duplicate:${id}`;
  if (!Number.isSafeInteger(id) || id < 1)
    return data<MyOffersResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
  const client = requestApi(context, request, context.get(webConfigContext)).client;
  try {
    const copy = await client.post<z.infer<typeof PropertyDetailResponseSchema>>(
      `/properties/${id}/duplicate`,
    );
    // The copy opens in the editor, where the seller changes what differs and publishes it.
    return redirect(editPropertyPath(locale, copy.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    if (error instanceof ApiError && error.errors) {
      const keys = Object.values(error.errors).flat();
      const key = keys.includes('validation.too_many_properties')
        ? 'validation.too_many_properties'
        : keys.includes('validation.too_many_account_photos')
          ? 'validation.too_many_account_photos'
          : 'error.generic';
      return data<MyOffersResult>({ intent: resultIntent, formError: t(key) }, { status: 422 });
    }
    return data<MyOffersResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
  }
}
