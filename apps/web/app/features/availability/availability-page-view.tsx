import { Form, Link } from 'react-router';
import type { AvailabilityPageView } from './load-availability-page.server.ts';

/** The answer to "still available?": the offer, the one button, or how it ended (decision 065). */
export function AvailabilityPage({ page }: { page: AvailabilityPageView }) {
  return (
    <section className="container page availability-page" data-testid="screen-availability">
      <h1>{page.heading}</h1>
      {page.offer && (
        <p dir="auto" data-testid="availability-offer">
          {page.offer}
        </p>
      )}
      {page.notice && (
        <p
          className={`notice availability-page__${page.notice.kind}`}
          role={page.notice.kind === 'done' ? 'status' : 'alert'}
          data-testid={`availability-${page.notice.kind}`}
        >
          {page.notice.text}
        </p>
      )}
      {page.submit && (
        <Form method="post" className="availability-page__form">
          <button type="submit" className="button button--primary" data-testid="availability-submit">
            {page.submit}
          </button>
        </Form>
      )}
      {page.expires && <p className="availability-page__expires">{page.expires}</p>}
      <p>
        <Link to={page.myOffers.href}>{page.myOffers.text}</Link>
      </p>
    </section>
  );
}
