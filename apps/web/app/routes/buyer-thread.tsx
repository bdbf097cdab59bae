import { Link, useActionData } from 'react-router';
import { ReplyBox, type ReplyResult, ThreadMessages } from '../features/leads/lead-thread-view.tsx';
import stylesHref from '../features/leads/leads.css?url';
import {
  buyerThreadPageAction,
  loadBuyerThreadPage,
} from '../features/leads/load-buyer-thread-page.server.ts';
import { ThreadRating } from '../features/leads/thread-rating.tsx';
import { tokenPageHeaders, tokenPageMeta } from '../routing/token-page.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/buyer-thread.ts';

// `/{locale}/messages/{token}` (issue 38 point 10): the buyer's side of a conversation, opened
// by the link of the seller's reply e-mail without an account. The token in the address is the
// only key: the page is never indexed and sends no referrer, so the address does not travel.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const headers: Route.HeadersFunction = () => tokenPageHeaders();

export const loader = (args: Route.LoaderArgs) => loadBuyerThreadPage(args);

export const action = (args: Route.ActionArgs) => buyerThreadPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => tokenPageMeta(loaderData);

export default function BuyerThreadRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<ReplyResult>();
  const { thread } = loaderData;
  return (
    <section className="container lead-thread" data-testid="screen-buyerThread">
      <h1>{t('lead_thread.buyer_title')}</h1>
      <p data-testid="buyer-thread-offer">
        {t('lead_thread.buyer_intro', { title: thread.heading, seller: thread.seller })}
        {thread.offerHref && (
          <>
            {' '}
            <Link to={thread.offerHref} rel="noreferrer">
              {t('lead_thread.view_offer')}
            </Link>
          </>
        )}
      </p>
      {thread.closed && (
        <p className="notice" data-testid="buyer-thread-closed">
          {t('lead_thread.closed_note')}
        </p>
      )}
      <ThreadMessages messages={thread.messages} t={t} label={t('lead_thread.conversation')} />
      <ReplyBox
        t={t}
        label={t('lead_thread.buyer_reply_label')}
        hint={t('lead_thread.buyer_reply_hint')}
        submit={t('lead_thread.buyer_send')}
        result={result}
      />
      <ThreadRating t={t} rating={loaderData.rating} result={result} />
    </section>
  );
}
