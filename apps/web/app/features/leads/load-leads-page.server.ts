import { createTranslator, type MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { errorText, requestLog } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { type LeadsData, leadsAction, loadLeads } from './leads-screen.server.ts';

// The leads inbox's page, `/{locale}/account/leads` (issue 10), in the account layout, whose
// loader already lets only a signed-in user through.

const MESSAGES: readonly MessageKey[] = [
  'leads.title',
  'leads.empty',
  'leads.empty_unread',
  'leads.filter',
  'leads.filter_all',
  'leads.filter_unread',
  'leads.new',
  'leads.received',
  'lead_thread.open',
  'lead_thread.empty_status',
  'leads.mark_read',
  'leads.mark_unread',
  'leads.no_message',
  'leads.sender',
  'auth.email',
  'auth.phone',
  LIST_COUNT_KEYS.leads,
  'results.page',
  'results.previous',
  'results.next',
  'results.pagination',
];

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  return { locale, t: createTranslator(locale) };
}

export async function loadLeadsPage({ request, context }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const heading = t('leads.title');
  const base = { title: pageTitle(t, heading), heading, messages: screenMessages(locale, MESSAGES) };
  const session = await loadSession(context, request, context.get(webConfigContext));
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return { ...base, leads: null as LeadsData | null, loadError: false };
  try {
    return { ...base, leads: await loadLeads(context, request, locale, t), loadError: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused for asking too often: the page that names the wait (issue 36), not the notice.
    throwIfRetryLater(error, context, 'limited');
    // The inbox the API cannot give right now leaves the page and its navigation working.
    requestLog(context).warn({ error: errorText(error) }, 'leads failed');
    return { ...base, leads: null, loadError: true };
  }
}

export async function leadsPageAction({ request, context }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  return leadsAction(context, request, locale, t);
}
