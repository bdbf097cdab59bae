import { useState } from 'react';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { setFavoriteOverride, useIsFavorite } from '../../lib/favorite-store.ts';
import { PageLink } from '../../shell/page-link.tsx';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';
import { Heart } from '../icons.tsx';

// The favourite heart (spec 4): applied at once, rolled back with an error toast when the API
// refuses. Guests get a link to sign in that brings them back. Changes made on this page are kept
// in one small store (favorite-store.ts), so every heart of the same offer (a card and its detail)
// and the header's count agree until the next full load brings the session's ids again. The
// button is a toggle: aria-pressed says whether the offer is a favourite, and its name says what
// pressing it does now ("Add to favourites", pressed: "Remove from favourites").

export interface FavoriteTexts {
  add: string;
  remove: string;
  added: string;
  removed: string;
}

export function FavoriteToggle(props: { offerId: number; texts: FavoriteTexts; className?: string }) {
  const shell = useShellData();
  const toast = useToast();
  const favorite = useIsFavorite(props.offerId, shell?.favoriteIds ?? []);
  const [busy, setBusy] = useState(false);
  const { offerId, texts } = props;
  const className = `favorite-toggle ${props.className ?? ''}`.trim();
  if (!shell?.user) {
    return (
      <PageLink
        to={shell?.links.auth ?? '#'}
        className={className}
        aria-label={texts.add}
        title={texts.add}
        data-testid="favorite-toggle"
      >
        <Heart aria-hidden="true" size={20} />
      </PageLink>
    );
  }
  const toggle = async () => {
    if (busy) return;
    const next = !favorite;
    setBusy(true);
    setFavoriteOverride(offerId, next);
    try {
      const api = await loadBrowserApi(shell.publicConfig.apiUrl);
      const path = `/user/offers/${offerId}/favorite_offer`;
      if (next) await api.post(path);
      else await api.delete(path);
      toast.show(next ? texts.added : texts.removed, 'success');
    } catch (error) {
      setFavoriteOverride(offerId, !next);
      toast.showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      aria-pressed={favorite}
      aria-label={favorite ? texts.remove : texts.add}
      title={favorite ? texts.remove : texts.add}
      onClick={toggle}
      data-testid="favorite-toggle"
    >
      <Heart aria-hidden="true" size={20} fill={favorite ? 'currentColor' : 'none'} />
    </button>
  );
}
