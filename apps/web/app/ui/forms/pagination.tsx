import { Link } from 'react-router';
import type { Text } from './form-ui.tsx';

// The links of a paged account list (the admin area's, a feed's runs, a run's report).

/** A paged list's links (previous, next) and where the page stands. */
export function Pagination(props: {
  t: Text;
  list: { page: number; pages: number; previous: string | null; next: string | null };
}) {
  const { t, list } = props;
  if (list.pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('results.pagination')}>
      {list.previous && <Link to={list.previous}>{t('results.previous')}</Link>}
      <span>{t('results.page', { page: list.page, pages: list.pages })}</span>
      {list.next && <Link to={list.next}>{t('results.next')}</Link>}
    </nav>
  );
}
