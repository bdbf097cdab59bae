import type { Locale } from '@estately/domain';
import { type MouseEvent, useRef, useState } from 'react';

// The offer description with its translation control (issue 39 point 17). Without JavaScript the
// control is a link: `?translate=1` renders the translation on the server, the other link the
// original. Once the page is live the same links swap the text in place: the translation is
// asked of the API once (it answers the translation it keeps) and the original comes back
// without a request. The translation is marked as such and names the original's language.

export interface DescriptionTranslation {
  locale: Locale;
  description: string;
  /** Made by a machine-translation service (else a translation kept with the offer). */
  machine: boolean;
}

export interface DescriptionTranslationView {
  offerId: number;
  /** The API as browsers reach it. */
  apiUrl: string;
  pageLocale: Locale;
  originalLocale: Locale;
  /** Rendered with the page (`?translate=1`). */
  translation: DescriptionTranslation | null;
  /** `?translate=1` found no translation. */
  failed: boolean;
  translateHref: string;
  originalHref: string;
  texts: {
    translate: string;
    showOriginal: string;
    machine: string;
    originalLanguage: string;
    unavailable: string;
  };
}

/** The translation in the page's language from the API, or null when there is none. */
async function fetchTranslation(view: DescriptionTranslationView): Promise<DescriptionTranslation | null> {
  try {
    const response = await fetch(`${view.apiUrl}/public/offers/${view.offerId}/offer_translation`, {
      headers: { accept: 'application/json', 'accept-language': view.pageLocale },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { locale?: Locale; description?: unknown; source?: string };
    if (typeof answer.description !== 'string' || !answer.locale || answer.source === 'original') return null;
    return { locale: answer.locale, description: answer.description, machine: answer.source === 'machine' };
  } catch {
    return null;
  }
}

export function TranslatableDescription(props: {
  description: string;
  view: DescriptionTranslationView | null;
}) {
  const { description, view } = props;
  const [shown, setShown] = useState(view?.translation ?? null);
  const [failed, setFailed] = useState(view?.failed ?? false);
  const fetched = useRef(view?.translation ?? null);
  const busy = useRef(false);
  const original = (
    <p
      className="offer-detail__description"
      lang={view?.originalLocale}
      dir="auto"
      data-testid="offer-description"
    >
      {description}
    </p>
  );
  if (!view) return original;

  const toggle = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (shown) {
      setShown(null);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const translation = fetched.current ?? (await fetchTranslation(view));
    busy.current = false;
    fetched.current = translation;
    setFailed(translation === null);
    setShown(translation);
  };

  return (
    <>
      {shown ? (
        <p
          className="offer-detail__description"
          lang={shown.locale}
          dir="auto"
          data-testid="offer-translation"
        >
          {shown.description}
        </p>
      ) : (
        original
      )}
      <p className="offer-detail__translation">
        {shown && (
          <span data-testid="translation-note">
            {shown.machine ? `${view.texts.machine} · ` : ''}
            {view.texts.originalLanguage}
          </span>
        )}{' '}
        <a
          href={shown ? view.originalHref : view.translateHref}
          onClick={toggle}
          data-testid={shown ? 'show-original' : 'translate-description'}
        >
          {shown ? view.texts.showOriginal : view.texts.translate}
        </a>{' '}
        <span role="status" data-testid="translation-status">
          {failed && !shown ? view.texts.unavailable : ''}
        </span>
      </p>
    </>
  );
}
