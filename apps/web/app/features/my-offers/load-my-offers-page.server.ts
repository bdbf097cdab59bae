import {
  BULK_PROPERTY_ACTIONS,
  MY_PROPERTIES_SORTS,
  OFFER_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
} from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { errorText, requestLog } from '../../request-state.server.ts';
import { pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { loadMyOffers, myOffersAction } from './my-offers.server.ts';

// My offers' page (spec 2 /{locale}/account/my-offers, issue 10): its texts and the list, and the
// posts of its filter, bulk and state forms (my-offers.server.ts).

const MESSAGES: readonly MessageKey[] = [
  'my_offers.add',
  'my_offers.complete',
  'my_offers.confirm_archive',
  'my_offers.actions',
  'account.my_offers_empty',
  'account.offer_state',
  'account.views',
  'account.leads',
  'nav.favorites_count',
  'editor.view_offer',
  'offer_stats.link',
  'action.edit',
  LIST_COUNT_KEYS.myOffers,
  'results.page',
  'results.previous',
  'results.next',
  'results.pagination',
  // The filter bar, the bulk bar and duplicating (issue 38 point 12).
  'my_offers.filters',
  'my_offers.search',
  'my_offers.search_hint',
  'my_offers.all_states',
  'my_offers.filter_kind',
  'my_offers.all_kinds',
  'my_offers.filter_type',
  'my_offers.all_types',
  'my_offers.sort',
  ...MY_PROPERTIES_SORTS.map((sort) => `my_offers.sort.${sort}` as MessageKey),
  'my_offers.apply_filters',
  'my_offers.clear_filters',
  'my_offers.no_match',
  'my_offers.bulk_actions',
  'my_offers.select',
  'my_offers.select_all',
  'my_offers.selected_count',
  'my_offers.mark_reserved',
  'my_offers.bulk.withdraw',
  'my_offers.bulk.renew',
  'my_offers.bulk.delete',
  ...BULK_PROPERTY_ACTIONS.filter((action) => action === 'withdraw' || action === 'delete').map(
    (action) => `my_offers.bulk_confirm.${action}` as MessageKey,
  ),
  'my_offers.renew_hint',
  'my_offers.duplicate',
  'my_offers.confirm_availability',
  ...PROPERTY_STATES.map((state) => `value.property_state.${state}` as MessageKey),
  ...OFFER_TYPES.map((kind) => `value.offer_type.${kind}` as MessageKey),
  ...PROPERTY_TYPES.map((type) => `value.property_type.${type}` as MessageKey),
];

export async function loadMyOffersPage({ request, context }: LoaderFunctionArgs) {
  const { screen, locale, t } = screenOf(request);
  const session = await loadSession(context, request, context.get(webConfigContext));
  const heading = screenTitle(t, screen);
  const base = { title: pageTitle(t, heading), heading, messages: screenMessages(locale, MESSAGES) };
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return { ...base, offers: null, loadError: false };
  try {
    return { ...base, offers: await loadMyOffers(context, request, locale, t), loadError: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused for asking too often: the page that names the wait (issue 36), not the notice.
    throwIfRetryLater(error, context, 'limited');
    requestLog(context).warn({ error: errorText(error) }, 'my offers failed');
    return { ...base, offers: null, loadError: true };
  }
}

export async function myOffersPageAction({ request, context }: ActionFunctionArgs) {
  const { locale, t } = screenOf(request);
  return myOffersAction({ context, request, locale, t });
}
