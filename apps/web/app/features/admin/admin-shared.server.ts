import type { Locale } from '@estately/domain';
import { isMessageKey, type Translator } from '@estately/i18n';
import type { RouterContextProvider } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { type AdminSection, adminPath } from '../../routing/admin-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';

// What the admin area's loaders and action share (issue 10). Every call goes to the API as the
// signed-in admin, which checks isAdmin again (403 for anyone else).

export type Context = Readonly<RouterContextProvider>;

export function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

export function pageOf(url: URL): number {
  return Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
}

export function pager(base: string, params: Record<string, string | null>) {
  return (target: number | null) => {
    if (!target) return null;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
}

export function adminNav(locale: Locale, t: Translator) {
  return [
    { href: adminPath(locale), label: t('admin.title') },
    { href: adminPath(locale, 'reports'), label: t('admin.reports') },
    { href: adminPath(locale, 'scams'), label: t('admin.scams') },
    { href: adminPath(locale, 'offers'), label: t('admin.offers') },
    { href: adminPath(locale, 'redirects'), label: t('admin.redirects') },
  ];
}

export function stateLabel(t: Translator, state: string): string {
  const key = `value.property_state.${state}`;
  return isMessageKey(key) ? t(key) : state;
}

export function offerModerationHref(locale: Locale, id: number): string {
  return `${adminPath(locale, 'offers')}?id=${id}`;
}

/**
 * A queue page's request (reports, scam flags): the status asked for (`open` unless another of
 * `statuses`), the page, the status tabs, and the pager's links, which keep the status.
 */
export function queueRequest(
  request: Request,
  locale: Locale,
  section: AdminSection,
  statuses: readonly string[],
  tabLabel: (status: string) => string,
) {
  const url = pageUrl(request);
  const asked = url.searchParams.get('status') ?? 'open';
  const status = statuses.includes(asked) ? asked : 'open';
  const base = adminPath(locale, section);
  return {
    status,
    page: pageOf(url),
    tabs: statuses.map((value) => ({
      value,
      label: tabLabel(value),
      href: value === 'open' ? base : `${base}?status=${value}`,
      current: value === status,
    })),
    href: pager(base, { status: status === 'open' ? null : status }),
  };
}
