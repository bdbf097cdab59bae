import type { Locale } from '@estately/domain';
import { translate } from '@estately/i18n';
import type { FavoriteTexts } from './favorite-toggle.tsx';

/** The heart's texts in the page's locale, sent with the page's data (no catalog in the browser). */
export function favoriteTexts(locale: Locale): FavoriteTexts {
  return {
    add: translate(locale, 'offer.add_favorite'),
    remove: translate(locale, 'offer.remove_favorite'),
    added: translate(locale, 'toast.favorite_added'),
    removed: translate(locale, 'toast.favorite_removed'),
  };
}
