import { useActionData } from 'react-router';
import stylesHref from '../features/leads/leads.css?url';
import { LeadsView } from '../features/leads/leads-view.tsx';
import { leadsPageAction, loadLeadsPage } from '../features/leads/load-leads-page.server.ts';
import { type FormResult, useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/leads.ts';

// `/{locale}/account/leads` (issue 10), in the account layout, whose loader already lets only a
// signed-in user through.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadLeadsPage(args);

export const action = (args: Route.ActionArgs) => leadsPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function LeadsRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  return (
    <section data-testid="screen-accountLeads">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.leads && <LeadsView leads={loaderData.leads} t={t} result={result} />}
    </section>
  );
}
