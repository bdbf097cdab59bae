import {
  buildPath,
  type Locale,
  SAVED_SEARCH_ALERT_KINDS,
  SAVED_SEARCH_FREQUENCIES,
  type SavedSearch,
  type SavedSearchList,
} from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { api, type Context } from './account-shared.server.ts';

// The watch-dogs (saved searches), each with the search it opens and how often it writes.

export async function loadWatchDogs(context: Context, request: Request, locale: Locale, t: Translator) {
  const answer = await api(context, request).get<SavedSearchList>('/saved_searches');
  const results = buildPath('results', locale);
  return {
    items: answer.data.map((search: SavedSearch) => ({
      id: search.id,
      name: search.name,
      frequency: search.frequency,
      frequencyLabel: t(`account.frequency.${search.frequency}`),
      // What it reports (issue 44 point 2): new offers, price drops, offers back on the market.
      alertKinds: search.alert_kinds,
      alertKindsLabel: search.alert_kinds.map((kind) => t(`account.alert_kind.${kind}`)).join(', '),
      // The path it was saved from, else the results list with its filters.
      href: search.search_path ?? (search.query ? `${results}?${search.query}` : results),
    })),
    frequencies: SAVED_SEARCH_FREQUENCIES.map((value) => ({
      value,
      label: t(`account.frequency.${value}`),
    })),
    alertKinds: SAVED_SEARCH_ALERT_KINDS.map((value) => ({
      value,
      label: t(`account.alert_kind.${value}`),
    })),
  };
}
