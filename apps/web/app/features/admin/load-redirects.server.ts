import {
  type Locale,
  REDIRECT_STATUS_CODES,
  REDIRECTS_PAGE_SIZE,
  type RedirectRule,
  type RedirectRuleList,
} from '@estately/domain';
import { formatDate, type MessageKey, type Translator } from '@estately/i18n';
import { adminPath } from '../../routing/admin-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { api, type Context, pageOf, pager } from './admin-shared.server.ts';

// The redirects table: a page of rules, searched by path, with the rule being edited.

function ruleView(rule: RedirectRule, locale: Locale, t: Translator) {
  return {
    id: rule.id,
    from: rule.from_path,
    to: rule.to_url,
    status: String(rule.status_code),
    statusLabel: t(`admin.redirect_status.${rule.status_code}` as MessageKey),
    hits: rule.hits,
    created: formatDate(rule.created_at, locale),
    createdIso: rule.created_at,
  };
}

export async function loadRedirects(context: Context, request: Request, locale: Locale, t: Translator) {
  const url = pageUrl(request);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const answer = await api(context, request).get<RedirectRuleList>('/admin/redirects', {
    query: { page: pageOf(url), per_page: REDIRECTS_PAGE_SIZE, q: q || null },
  });
  const base = adminPath(locale, 'redirects');
  const href = pager(base, { q: q || null });
  const items = answer.data.map((rule) => ruleView(rule, locale, t));
  // The rule being edited (`?edit=ID`, linked from its row, so on this page).
  const editId = Number(url.searchParams.get('edit'));
  const editing = items.find((item) => item.id === editId) ?? null;
  const keep = new URLSearchParams();
  if (q) keep.set('q', q);
  if (pageOf(url) > 1) keep.set('page', String(pageOf(url)));
  const listHref = keep.size > 0 ? `${base}?${keep.toString()}` : base;
  const editHref = (id: number) => {
    const query = new URLSearchParams(keep);
    query.set('edit', String(id));
    return `${base}?${query.toString()}`;
  };
  return {
    q,
    items: items.map((item) => ({ ...item, editHref: editHref(item.id) })),
    editing,
    listHref,
    done: url.searchParams.get('done') === 'saved' ? t('admin.redirect_saved') : null,
    statuses: REDIRECT_STATUS_CODES.map((code) => ({
      value: String(code),
      label: t(`admin.redirect_status.${code}` as MessageKey),
    })),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
  };
}
