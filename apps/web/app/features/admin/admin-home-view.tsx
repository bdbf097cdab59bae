import { Link } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';
import type { loadAdminHome } from './load-admin-home.server.ts';

// The admin area's first page: links to its sections, with what waits in them.

type HomeData = Awaited<ReturnType<typeof loadAdminHome>>;

export function AdminHome({ home, t }: { home: HomeData; t: Text }) {
  return (
    <>
      <p>{t('admin.intro')}</p>
      <ul className="account-attention" data-testid="admin-home">
        <li>
          <Link to={home.links.reports}>
            {t('admin.reports')}
            {home.openReports !== null && ` (${t('admin.open_reports', { count: home.openReports })})`}
          </Link>
        </li>
        <li>
          <Link to={home.links.scams}>
            {t('admin.scams')}
            {home.openScamFlags !== null && ` (${t('admin.scam_total', { count: home.openScamFlags })})`}
          </Link>
        </li>
        <li>
          <Link to={home.links.offers}>{t('admin.offers')}</Link>
        </li>
        <li>
          <Link to={home.links.redirects}>
            {t('admin.redirects')}
            {home.redirects !== null && ` (${home.redirects})`}
          </Link>
        </li>
      </ul>
    </>
  );
}
