import { type Locale, OfferDetailSchema, OfferTranslationSchema } from '@estately/domain';
import { data } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { webConfigContext } from '../config.server.ts';
import { toOfferDetailView } from '../features/offer-detail/offer-detail-view.server.ts';
import { translationWithFallback } from '../features/offer-detail/translation-fallback.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/property-detail.ts';

// Property detail (spec 2 /{locale}/property/{id}): the offer of GET /public/offers/{id} with
// its price in the visitor's currency and the seller's original beside it. The gallery, contact,
// points of interest and similar offers come with the detail screen's own issue.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t } = screenOf(request);
  // Route validation (spec 2): an id that is no positive whole number is a 404.
  if (!/^[1-9]\d{0,15}$/.test(params.id ?? '')) notFound();
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  let raw: unknown;
  try {
    raw = await requestApi(context, request, config).client.get(`/public/offers/${params.id}`, {
      query: { currency },
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw data(null, { status: error instanceof ApiError && error.status === 503 ? 503 : 500 });
  }
  const detail = OfferDetailSchema.parse(raw);
  const offer = toOfferDetailView(detail, locale, config.publicApiUrl);
  const { client } = requestApi(context, request, config);
  const translation = detail.description
    ? await translationWithFallback({
        pageLocale: locale,
        offerLocale: detail.locale,
        fetchTranslation: async (language: Locale) => {
          try {
            const answer = OfferTranslationSchema.parse(
              await client.get(`/public/offers/${detail.id}/offer_translation`, {
                headers: { 'accept-language': language },
                signal: request.signal,
              }),
            );
            return { locale: answer.locale, description: answer.description };
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) return 'missing';
            throw error;
          }
        },
        recordError: (message) => console.warn(`[web] offer ${detail.id}: ${message}`),
      }).catch(() => null)
    : null;
  return {
    translation,
    title: pageTitle(t, `${offer.title}, ${offer.address} – ${screenTitle(t, screen)}`),
    description: offer.description?.slice(0, 160) ?? null,
    offer,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        ...(loaderData.description ? [{ name: 'description', content: loaderData.description }] : []),
      ]
    : [];

export default function PropertyDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { offer } = loaderData;
  return (
    <article className="container page offer-detail" data-testid="offer-detail">
      <header className="offer-detail__header">
        <h1>{offer.title}</h1>
        <p className="offer-detail__address">{offer.address}</p>
        <p className="offer-detail__price" data-testid="offer-detail-price">
          {offer.price}
        </p>
        {offer.originalPrice && <p className="offer-detail__original">{offer.originalPrice}</p>}
        {offer.verified && <span className="badge">{t('offer.verified')}</span>}
      </header>
      {offer.photos.length > 0 && (
        <section aria-label={t('offer.gallery')}>
          <ul className="offer-detail__photos">
            {offer.photos.map((photo) => (
              <li key={photo.src}>
                <img
                  src={photo.src}
                  alt={photo.alt}
                  loading="lazy"
                  decoding="async"
                  width={960}
                  height={720}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="facts">
        {offer.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              <bdi>{fact.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {offer.description && (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading">{t('offer.description')}</h2>
          {loaderData.translation ? (
            <>
              <p
                className="offer-detail__description"
                lang={loaderData.translation.locale}
                data-testid="offer-translation"
              >
                {loaderData.translation.description}
              </p>
              <details>
                <summary>{t('offer.show_original')}</summary>
                <p className="offer-detail__description">{offer.description}</p>
              </details>
            </>
          ) : (
            <p className="offer-detail__description">{offer.description}</p>
          )}
        </section>
      )}
      {offer.parameters.length > 0 && (
        <section aria-labelledby="parameters-heading">
          <h2 id="parameters-heading">{t('offer.parameters')}</h2>
          <dl className="facts">
            {offer.parameters.map((parameter) => (
              <div key={parameter.label}>
                <dt>{parameter.label}</dt>
                <dd>{parameter.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {offer.sellerName && (
        <p>
          {t('offer.seller')}: {offer.sellerName}
        </p>
      )}
    </article>
  );
}
