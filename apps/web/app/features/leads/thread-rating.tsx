import { SELLER_RATING_STARS } from '@estately/domain';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';
import type { ReplyResult } from './lead-thread-view.tsx';

// The seller's rating in a conversation (issue 43 point 3, decision 066), for the person who
// wrote: five radio buttons in a fieldset (arrow keys move between them, a label each) and a
// submit button; a plain form, so it works before the page's script runs.

export interface ThreadRatingView {
  stars: number | null;
  canRate: boolean;
  awaitingReply: boolean;
}

const STARS = Array.from(
  { length: SELLER_RATING_STARS.max - SELLER_RATING_STARS.min + 1 },
  (_, index) => SELLER_RATING_STARS.max - index,
);

export function ThreadRating(props: { t: Text; rating: ThreadRatingView; result: ReplyResult | undefined }) {
  const { t, rating, result } = props;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'rate';
  const error = result?.intent === 'rate' ? result.error : undefined;
  const done = result?.intent === 'rate' ? result.done : undefined;
  return (
    <section className="thread-rating" aria-labelledby={`${id}-heading`} data-testid="thread-rating">
      <h2 id={`${id}-heading`}>{t('rating.heading')}</h2>
      {rating.stars !== null && (
        <p data-testid="thread-rating-given">{t('rating.given', { stars: rating.stars })}</p>
      )}
      {rating.stars === null && rating.awaitingReply && (
        <p data-testid="thread-rating-waiting">{t('rating.awaiting_reply')}</p>
      )}
      {rating.canRate && (
        <Form method="post" data-testid="thread-rating-form" preventScrollReset>
          <input type="hidden" name="intent" value="rate" />
          <fieldset className="thread-rating__stars" aria-describedby={error ? `${id}-error` : undefined}>
            <legend>{t('rating.legend')}</legend>
            {STARS.map((stars) => (
              <label key={stars} className="thread-rating__star">
                <input
                  type="radio"
                  name="stars"
                  value={stars}
                  required
                  data-testid={`rating-stars-${stars}`}
                />{' '}
                {t('rating.stars', { stars })}
              </label>
            ))}
          </fieldset>
          {error && (
            <p id={`${id}-error`} className="field__error" data-testid="thread-rating-error">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy} data-testid="thread-rating-submit">
            {t('rating.submit')}
          </button>
        </Form>
      )}
      <div role="status">{done && <p data-testid="thread-rating-done">{done}</p>}</div>
    </section>
  );
}
