import { Form, Link } from 'react-router';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import { checkStrikeForm } from './admin-fields.ts';
import { ItemActionForm, ItemReasonForm, Outcome } from './admin-parts.tsx';
import type { loadOfferModeration } from './load-offer-moderation.server.ts';

// Moderation of one offer, found by its number: verify it, strike it with a reason, lift a strike.

type OfferData = Awaited<ReturnType<typeof loadOfferModeration>>;

export function OfferModerationView(props: { offer: OfferData; t: Text; result: FormResult | undefined }) {
  const { offer: found, t, result } = props;
  const offer = found.offer;
  return (
    <>
      <Form method="get" className="inline-actions" data-testid="offer-lookup">
        <div className="field">
          <label htmlFor="admin-offer-id" className="field__label">
            {t('admin.offer_id')}
          </label>
          <input id="admin-offer-id" name="id" inputMode="numeric" defaultValue={found.asked} dir="ltr" />
        </div>
        <button type="submit" className="button">
          {t('admin.find_offer')}
        </button>
      </Form>
      {found.notFound && (
        <p className="notice" role="alert" data-testid="offer-not-found">
          {t('admin.offer_not_found')}
        </p>
      )}
      {offer && (
        <article aria-labelledby="moderated-offer" className="admin-offer" data-testid="moderated-offer">
          <h2 id="moderated-offer">
            {offer.label}
            {offer.title && `: ${offer.title}`}
            {offer.place && `, ${offer.place}`}
          </h2>
          <ul className="admin-facts">
            <li data-testid="offer-state">
              {t('account.offer_state')}: {offer.state}
            </li>
            <li data-testid="offer-verified">
              {offer.verified ? t('admin.verified') : t('admin.not_verified')}
            </li>
            <li data-testid="offer-strike">
              {offer.strike ? t('admin.struck', { reason: offer.strike.reason }) : t('admin.not_struck')}
            </li>
            {offer.underReview && (
              <li data-testid="offer-under-review">
                {t('admin.scam_held')}: <Link to={offer.underReview}>{t('admin.scams')}</Link>
              </li>
            )}
            {offer.trustScore !== null && <li>{t('admin.trust_score', { score: offer.trustScore })}</li>}
          </ul>
          {/* A split that dissolved the group (two offers, none grouped now) still says it was done. */}
          {result?.intent.startsWith('group_split:') &&
            !offer.group?.members.some((member) => result.intent === `group_split:${member.id}`) && (
              <Outcome result={result} intent={result.intent} />
            )}
          {offer.group && (
            <section aria-labelledby="offer-group-heading" data-testid="offer-group">
              <h3 id="offer-group-heading">{offer.group.heading}</h3>
              <p>{offer.group.note}</p>
              <ul className="admin-facts">
                {offer.group.members.map((member) => (
                  <li key={member.id} data-testid="offer-group-member">
                    <bdi>{member.text}</bdi>
                    {member.card && <> ({member.card})</>}
                    <Outcome result={result} intent={`group_split:${member.id}`} />
                    <ItemActionForm
                      intent="group_split"
                      id={member.id}
                      label={offer.group?.splitLabel ?? ''}
                      itemName={member.text}
                      testId="offer-group-split"
                      className="inline-actions"
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {offer.publicHref && (
            <p>
              <Link to={offer.publicHref}>{t('admin.view_offer')}</Link>
            </p>
          )}
          <Outcome result={result} intent={`${offer.verified ? 'unverify' : 'verify'}:${offer.id}`} />
          <Outcome result={result} intent={`${offer.verified ? 'verify' : 'unverify'}:${offer.id}`} />
          <Outcome result={result} intent={`lift:${offer.id}`} />
          {/* Struck: the strike form gave way to "lift", so its answer shows here. */}
          {offer.strike && <Outcome result={result} intent={`strike:${offer.id}`} />}
          <ItemActionForm
            intent={offer.verified ? 'unverify' : 'verify'}
            id={offer.id}
            label={offer.verified ? t('admin.unverify') : t('admin.verify')}
            testId="offer-verify"
            className="inline-actions"
          />
          {offer.strike ? (
            <ItemActionForm
              intent="lift"
              id={offer.id}
              label={t('admin.lift_strike')}
              testId="offer-lift"
              className="inline-actions"
            />
          ) : (
            <ItemReasonForm
              intent="strike"
              id={offer.id}
              t={t}
              result={result}
              submitLabel={t('admin.strike')}
              field="reason"
              label={t('admin.strike_reason')}
              required
              check={checkStrikeForm}
              testId="offer-strike-form"
            />
          )}
        </article>
      )}
    </>
  );
}
