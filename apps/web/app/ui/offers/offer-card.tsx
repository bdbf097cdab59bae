import { useI18n } from '../../i18n/i18n-context.tsx';
import { PageLink } from '../../shell/page-link.tsx';
import { preconnectPhotoOrigin } from '../../shell/preconnect-photo-origin.ts';
import type { OfferCardView } from './offer-card-view.ts';
import './offer-card-badges.css';

/**
 * `priority`: the card whose photo is the page's largest paint on a phone (the first one): loaded
 * at once with high priority instead of lazily.
 */
export function OfferCardItem({ offer, priority = false }: { offer: OfferCardView; priority?: boolean }) {
  const { t } = useI18n();
  if (priority) preconnectPhotoOrigin(offer.photo?.avifSrc ?? offer.photo?.src);
  return (
    <article className="offer-card" data-testid="offer-card">
      {offer.photo ? (
        <picture>
          {offer.photo.avifSrc && <source type="image/avif" srcSet={offer.photo.avifSrc} />}
          <img
            className="offer-card__photo"
            src={offer.photo.src}
            alt={offer.photo.alt}
            width={offer.photo.width}
            height={offer.photo.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        </picture>
      ) : (
        // An offer without photos says so where its photo would be, rather than an empty box
        // that reads as a photo still loading.
        <p className="offer-card__photo offer-card__photo--none">{t('offer.photos', { count: 0 })}</p>
      )}
      <div className="offer-card__body">
        <p className="offer-card__price" data-testid="offer-price">
          {offer.price}
        </p>
        {offer.pricePerArea && (
          <p className="offer-card__price-per-area" data-testid="offer-price-per-area">
            {offer.pricePerArea}
          </p>
        )}
        {/* The title holds the layout and the area in the reader's words ("Prodej bytu 3+kk,
            75 m²", issue 38 point 5), so no separate line repeats them. */}
        <h3 className="offer-card__title">
          <PageLink to={offer.href}>{offer.title}</PageLink>
        </h3>
        <p className="offer-card__place">{offer.place}</p>
        <p className="offer-card__seller">{offer.seller}</p>
        {offer.group && (
          <p className="offer-card__group" data-testid="offer-card-group">
            <bdi>{offer.group}</bdi>
          </p>
        )}
        {(offer.verified || offer.stateBadge || offer.badges.length > 0) && (
          // One wrapping row of badges rather than a line each.
          <div className="offer-card__badges">
            {offer.verified && <span className="badge badge--verified">{t('offer.verified')}</span>}
            {offer.stateBadge && (
              <span className="badge badge--state" data-testid="card-state-badge">
                {offer.stateBadge}
              </span>
            )}
            {offer.badges.map((badge) => (
              <span
                key={badge.kind}
                className={`badge badge--${badge.kind}`}
                data-testid={`card-badge-${badge.kind}`}
              >
                {badge.text}
              </span>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
