import type { Locale } from '@estately/domain';
import { useState } from 'react';

// The offer description with its translation control (issue 39 point 17). Without JavaScript the
// control is a link: `?translate=1` renders the translation on the server, the other link the
// original. Once the page is live the same links swap the text in place: the translation is
// asked of the API once (it answers the translation it keeps) and the original comes back
// without a request. The translation is marked as such and names the original's language.

/** offer_translation's answer (OfferTranslation) as the control uses it. */
export interface DescriptionTranslation {
  locale: Locale;
  description: string;
  /** `machine`: made by the translation service; `stored`: a translation kept with the offer. */
  source: 'original' | 'stored' | 'machine';
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
      headers: { 'accept-language': view.pageLocale },
      signal: AbortSignal.timeout(15_000),
    });
    const answer = response.ok ? ((await response.json()) as DescriptionTranslation) : null;
    return answer?.source === 'original' ? null : answer;
  } catch {
    return null;
  }
}

export function TranslatableDescription(props: {
  description: string;
  view: DescriptionTranslationView | null;
}) {
  const { description, view } = props;
  // The translation once fetched (or rendered with the page), whether it is shown, and whether
  // the last attempt found none.
  const [translation, setTranslation] = useState(view?.translation);
  const [shown, setShown] = useState(Boolean(view?.translation));
  const [failed, setFailed] = useState(view?.failed);
  const text = shown && translation;
  return (
    <>
      <p
        className="offer-detail__description"
        lang={text ? text.locale : view?.originalLocale}
        dir="auto"
        data-testid={text ? 'offer-translation' : 'offer-description'}
      >
        {text ? text.description : description}
      </p>
      {view && (
        <p className="offer-detail__translation">
          {text && (
            <span data-testid="translation-note">
              {text.source === 'machine' ? `${view.texts.machine} · ` : ''}
              {view.texts.originalLanguage}
            </span>
          )}{' '}
          <a
            href={text ? view.originalHref : view.translateHref}
            onClick={async (event) => {
              event.preventDefault();
              const next = text ? null : (translation ?? (await fetchTranslation(view)));
              if (next) setTranslation(next);
              setFailed(!text && !next);
              setShown(Boolean(next));
            }}
            data-testid={text ? 'show-original' : 'translate-description'}
          >
            {text ? view.texts.showOriginal : view.texts.translate}
          </a>{' '}
          <span role="status" data-testid="translation-status">
            {failed ? view.texts.unavailable : ''}
          </span>
        </p>
      )}
    </>
  );
}

/** The offer page's description section: its heading, the text and, with a service, the control. */
export function DescriptionSection(props: {
  heading: string;
  description: string;
  view: DescriptionTranslationView | null;
}) {
  return (
    <section aria-labelledby="description-heading">
      <h2 id="description-heading">{props.heading}</h2>
      <TranslatableDescription description={props.description} view={props.view} />
    </section>
  );
}
