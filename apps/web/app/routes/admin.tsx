import { useActionData } from 'react-router';
import stylesHref from '../features/admin/admin.css?url';
import { AdminHome } from '../features/admin/admin-home-view.tsx';
import { AdminNav } from '../features/admin/admin-parts.tsx';
import { adminPageAction, loadAdminPage } from '../features/admin/load-admin-page.server.ts';
import { OfferModerationView } from '../features/admin/offer-moderation-view.tsx';
import { RedirectsView } from '../features/admin/redirects-view.tsx';
import { ReportsView } from '../features/admin/reports-view.tsx';
import { ScamFlagsView } from '../features/admin/scam-flags-view.tsx';
import { type FormResult, useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/admin.ts';

// `/{locale}/account/admin` and its sections (issue 10), in the account layout. Only accounts
// with isAdmin see them: anyone else gets the 404 page, as if the area did not exist (the API
// refuses them too, 403).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadAdminPage(args);

export const action = (args: Route.ActionArgs) => adminPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  return (
    <section data-testid={`screen-admin-${loaderData.section}`}>
      <h1>{loaderData.heading}</h1>
      <AdminNav items={loaderData.nav} label={loaderData.navLabel} />
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.home && <AdminHome home={loaderData.home} t={t} />}
      {loaderData.reports && <ReportsView reports={loaderData.reports} t={t} result={result} />}
      {loaderData.scams && <ScamFlagsView flags={loaderData.scams} t={t} result={result} />}
      {loaderData.offer && <OfferModerationView offer={loaderData.offer} t={t} result={result} />}
      {loaderData.redirects && <RedirectsView redirects={loaderData.redirects} t={t} result={result} />}
    </section>
  );
}
