import type { Locale, ModerationResult, RedirectRule } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { data, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { pendingSetCookies } from '../../request-state.server.ts';
import type { AdminSection } from '../../routing/admin-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { redirectMissesContext } from '../../routing/redirect-misses.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import {
  adminApiFieldErrors,
  checkRedirectForm,
  checkResolveForm,
  checkScamRejectForm,
  checkStrikeForm,
} from './admin-fields.ts';
import { api, type Context } from './admin-shared.server.ts';

// The admin area's action: every form of its pages posts an intent (`resolve:12`, `strike:7`,
// `redirect_add`) handled here, so each works before the scripts load.

export interface AdminActionInput {
  context: Context;
  request: Request;
  section: AdminSection | null;
  locale: Locale;
  t: Translator;
}

export async function adminAction(input: AdminActionInput) {
  const { context, request, locale, t } = input;
  const client = api(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '').split(':')[0] ?? '';
  const id = Number(form.get('id'));
  // Forms of list items name their item (`resolve:12`), so the answer shows beside it.
  const resultIntent = intent === 'redirect_add' ? intent : `${intent}:${Number.isInteger(id) ? id : ''}`;
  const failure = (error: unknown) => {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    const errors = adminApiFieldErrors(error);
    if (errors) return data<FormResult>({ intent: resultIntent, errors }, { status: 422 });
    const text =
      error instanceof ApiError && error.status === 409
        ? t('admin.already_decided')
        : error instanceof ApiError && error.status === 404
          ? intent.startsWith('redirect')
            ? t('status.not_found')
            : t('admin.offer_not_found')
          : error instanceof ApiError && error.status === 0
            ? t('error.network')
            : t('error.generic');
    return data<FormResult>({ intent: resultIntent, formError: text }, { status: 400 });
  };
  const done = (text: string) => data<FormResult>({ intent: resultIntent, done: text });
  if (intent !== 'redirect_add' && (!Number.isInteger(id) || id < 1))
    return data<FormResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });

  try {
    switch (intent) {
      case 'resolve': {
        const checked = checkResolveForm(form);
        if (!checked.ok)
          return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
        await client.post<ModerationResult>(`/admin/reports/${id}/resolve`, checked.data);
        return done(t('admin.report_resolved'));
      }
      case 'dismiss':
        await client.post<ModerationResult>(`/admin/reports/${id}/dismiss`, {});
        return done(t('admin.report_dismissed'));
      case 'scam_release':
        await client.post(`/admin/scam-flags/${id}/release`, {});
        return done(t('admin.scam_released_done'));
      case 'scam_reject': {
        const checked = checkScamRejectForm(form);
        if (!checked.ok)
          return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
        await client.post(`/admin/scam-flags/${id}/reject`, checked.data);
        return done(t('admin.scam_rejected_done'));
      }
      case 'verify':
      case 'unverify': {
        const verified = intent === 'verify';
        await client.patch<ModerationResult>(`/properties/${id}/verify`, { verified });
        return done(t(verified ? 'admin.verified_done' : 'admin.unverified_done'));
      }
      case 'strike': {
        const checked = checkStrikeForm(form);
        if (!checked.ok)
          return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
        await client.post<ModerationResult>(`/properties/strike/${id}`, checked.data);
        return done(t('admin.struck_done'));
      }
      case 'lift':
        await client.delete<ModerationResult>(`/properties/strike/${id}`);
        return done(t('admin.lifted_done'));
      // An offer matched with others of another property leaves their group for good (decision 068).
      case 'group_split':
        await client.post(`/admin/property-groups/${id}/split`, { offer_ids: [id] });
        return done(t('admin.group_split_done'));
      case 'redirect_add':
      case 'redirect_edit': {
        const editing = intent === 'redirect_edit';
        const checked = checkRedirectForm(form, editing);
        if (!checked.ok)
          return data<FormResult>(
            {
              intent: resultIntent,
              errors: checked.errors,
              values: {
                from_path: String(form.get('from_path') ?? ''),
                to_url: String(form.get('to_url') ?? ''),
              },
            },
            { status: 422 },
          );
        if (!editing) {
          await client.post<RedirectRule>('/admin/redirects', checked.data);
          // The new rule's path may be remembered as having none (decision 029).
          context.get(redirectMissesContext)?.clear();
          return done(t('admin.redirect_added'));
        }
        await client.patch<RedirectRule>(`/admin/redirects/${id}`, checked.data);
        context.get(redirectMissesContext)?.clear();
        // Back to the list, which says the rule was saved.
        const page = pageUrl(request);
        page.searchParams.delete('edit');
        page.searchParams.set('done', 'saved');
        const headers = new Headers();
        for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
        return redirect(`${page.pathname}?${page.searchParams.toString()}`, { headers });
      }
      case 'redirect_delete':
        await client.delete(`/admin/redirects/${id}`);
        context.get(redirectMissesContext)?.clear();
        return done(t('account.deleted'));
      default:
        return data<FormResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
    }
  } catch (error) {
    return failure(error);
  }
}
