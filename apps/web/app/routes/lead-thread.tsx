import { useEffect } from 'react';
import { useActionData, useRevalidator } from 'react-router';
import { LeadThreadScreen } from '../features/leads/lead-thread-screen.tsx';
import type { ReplyResult } from '../features/leads/lead-thread-view.tsx';
import stylesHref from '../features/leads/leads.css?url';
import { leadThreadPageAction, loadLeadThreadPage } from '../features/leads/load-lead-thread-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/lead-thread.ts';

// `/{locale}/account/leads/{id}` (issue 38 point 10): one conversation of the seller's, in the
// account layout (whose loader lets only a signed-in user through). Opening it marks the buyer's
// messages read; the seller replies (the buyer gets it by e-mail with a link to answer) and sets
// the status.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadLeadThreadPage(args);

export const action = (args: Route.ActionArgs) => leadThreadPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function LeadThreadRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<ReplyResult>();
  const revalidator = useRevalidator();
  const { markedRead } = loaderData;
  // The layout's unread badge was counted beside this loader, before it read the messages.
  useEffect(() => {
    if (markedRead) void revalidator.revalidate();
  }, [markedRead, revalidator.revalidate]);
  const thread = loaderData.thread;
  if (!thread) return null;
  return <LeadThreadScreen thread={thread} backHref={loaderData.backHref} t={t} result={result} />;
}
