import { useActionData } from 'react-router';
import stylesHref from '../features/company-profile/company.css?url';
import { CompanySettings } from '../features/company-profile/company-settings-view.tsx';
import {
  companySettingsPageAction,
  loadCompanySettingsPage,
} from '../features/company-profile/load-company-settings-page.server.ts';
import { type FormResult, useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/company-settings.ts';

// `/{locale}/account/settings/company` (issue 38 point 12), in the account layout, whose loader
// already lets only a signed-in user through. A person's account is told the screen is for
// companies.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadCompanySettingsPage(args);

export const action = (args: Route.ActionArgs) => companySettingsPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function CompanySettingsRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  return (
    <section data-testid="screen-accountCompanyProfile" className="company-settings">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.notCompany && (
        <p className="notice" role="status" data-testid="company-only">
          {t('company.error.company_only')}
        </p>
      )}
      {loaderData.settings && <CompanySettings settings={loaderData.settings} t={t} result={result} />}
    </section>
  );
}
