import { useState, useSyncExternalStore } from 'react';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { Heart } from '../../shell/icons.tsx';
import { PageLink } from '../../shell/page-link.tsx';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';

// The favourite heart (spec 4): applied at once, rolled back with an error toast when the API
// refuses. Guests get a link to sign in that brings them back. Changes made on this page are kept
// in one small store, so every heart of the same offer (a card and its detail) agrees until the
// next full load brings the session's ids again.

export interface FavoriteTexts {
  add: string;
  remove: string;
  added: string;
  removed: string;
}

const overrides = new Map<number, boolean>();
const listeners = new Set<() => void>();
let version = 0;

function setOverride(id: number, favorite: boolean) {
  overrides.set(id, favorite);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function FavoriteToggle(props: { offerId: number; texts: FavoriteTexts; className?: string }) {
  const shell = useShellData();
  const toast = useToast();
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
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
  const favorite = overrides.get(offerId) ?? shell.favoriteIds.includes(offerId);
  const toggle = async () => {
    if (busy) return;
    const next = !favorite;
    setBusy(true);
    setOverride(offerId, next);
    try {
      const api = await loadBrowserApi(shell.publicConfig.apiUrl);
      const path = `/user/offers/${offerId}/favorite_offer`;
      if (next) await api.post(path);
      else await api.delete(path);
      toast.show(next ? texts.added : texts.removed, 'success');
    } catch (error) {
      setOverride(offerId, !next);
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
      aria-label={texts.add}
      title={favorite ? texts.remove : texts.add}
      onClick={toggle}
      data-testid="favorite-toggle"
    >
      <Heart aria-hidden="true" size={20} fill={favorite ? 'currentColor' : 'none'} />
    </button>
  );
}
