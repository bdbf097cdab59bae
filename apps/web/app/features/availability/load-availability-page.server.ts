import { type AvailabilityAnswer, AvailabilityAnswerSchema, type Locale } from '@estately/domain';
import { createTranslator, formatDate, type MessageKey, type Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';

// `/{locale}/availability/{token}` (issue 43 point 5, decision 065): the landing page of the two
// links of the "still available?" e-mail. Opening the link changes nothing (mail scanners open
// links too); the page names the offer and the answer, and its one button sends it.

type Context = Readonly<RouterContextProvider>;

/** What the page shows: the question with its button, or how it ended. */
export interface AvailabilityPageView {
  title: string;
  heading: string;
  offer: string | null;
  /** The button while the answer can be sent; null when there is nothing to send. */
  submit: string | null;
  /** The outcome or why nothing can be done, with its kind for the page's colour. */
  notice: { kind: 'done' | 'problem'; text: string } | null;
  expires: string | null;
  myOffers: { href: string; text: string };
}

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname);
  if (!locale) notFound();
  return { locale, t: createTranslator(locale) };
}

function client(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

function tokenPath(token: string | undefined) {
  return `/availability/${encodeURIComponent(token ?? '')}`;
}

function offerLine(answer: AvailabilityAnswer, t: Translator): string {
  const title = t(`offer.title.${answer.offer_type}_${answer.property_type}` as MessageKey);
  return answer.address ? `${title}, ${answer.address}` : title;
}

function submitText(answer: AvailabilityAnswer, t: Translator): string {
  if (answer.choice === 'available') return t('availability.confirm_available');
  return answer.offer_type === 'rent' ? t('availability.confirm_rented') : t('availability.confirm_sold');
}

function doneText(answer: AvailabilityAnswer, t: Translator): string {
  if (answer.choice === 'available') return t('availability.done_available');
  return answer.state === 'rented' ? t('availability.done_rented') : t('availability.done_sold');
}

/** The reason an answer cannot be sent, from the API's refusal. */
function problemText(error: ApiError, t: Translator): string | null {
  if (error.status === 404) return t('availability.invalid');
  if (error.status === 410) return t('availability.expired');
  if (error.status === 409)
    return error.errors?.token ? t('availability.used') : t('availability.not_active');
  return null;
}

function view(
  locale: Locale,
  t: Translator,
  parts: Partial<Omit<AvailabilityPageView, 'title' | 'heading' | 'myOffers'>>,
): AvailabilityPageView {
  const heading = t('availability.title');
  return {
    title: pageTitle(t, heading),
    heading,
    offer: parts.offer ?? null,
    submit: parts.submit ?? null,
    notice: parts.notice ?? null,
    expires: parts.expires ?? null,
    myOffers: { href: `/${locale}/account/my-offers`, text: t('availability.my_offers') },
  };
}

/**
 * A forged, expired or used link, or an answer the offer cannot take: a page that says so, with
 * the status the API gave. Anything else is the site's failure page.
 */
function problemPage(error: unknown, context: Context, locale: Locale, t: Translator) {
  if (error instanceof Response) throw error;
  const problem = error instanceof ApiError ? problemText(error, t) : null;
  if (problem === null) throwPageFailure(error, context);
  return data(view(locale, t, { notice: { kind: 'problem', text: problem } }), {
    status: (error as ApiError).status,
  });
}

export async function loadAvailabilityPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  let answer: AvailabilityAnswer;
  try {
    answer = AvailabilityAnswerSchema.parse(await client(context, request).get(tokenPath(params.token)));
  } catch (error) {
    return problemPage(error, context, locale, t);
  }
  return view(locale, t, {
    offer: offerLine(answer, t),
    submit: answer.used ? null : submitText(answer, t),
    notice: answer.used ? { kind: 'problem', text: t('availability.used') } : null,
    expires: answer.used
      ? null
      : t('availability.expires', { date: formatDate(answer.expires_at.slice(0, 10), locale) }),
  });
}

export async function availabilityPageAction({ request, context, params }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  try {
    const answer = AvailabilityAnswerSchema.parse(
      await client(context, request).post(tokenPath(params.token), {}),
    );
    return view(locale, t, {
      offer: offerLine(answer, t),
      notice: { kind: 'done', text: doneText(answer, t) },
    });
  } catch (error) {
    return problemPage(error, context, locale, t);
  }
}
