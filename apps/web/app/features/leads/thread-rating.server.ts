import { type ThreadRating, ThreadRatingSchema } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import type { ReplyResult } from './lead-thread-view.tsx';
import { api, failureText } from './leads-screen.server.ts';
import type { ThreadRatingView } from './thread-rating.tsx';

type Context = Readonly<RouterContextProvider>;

// The rating of a conversation by the person who wrote (decision 066), read with the thread and
// posted by its form (`intent=rate`, `stars`). `thread` is the conversation's API path: the
// e-mail link's `/public/lead_threads/{token}` or a signed-in buyer's `/user/lead_threads/{id}`.

export async function loadThreadRating(
  context: Context,
  request: Request,
  thread: string,
): Promise<ThreadRatingView> {
  const rating: ThreadRating = ThreadRatingSchema.parse(await api(context, request).get(`${thread}/rating`));
  return { stars: rating.stars, canRate: rating.can_rate, awaitingReply: rating.awaiting_reply };
}

export async function rateThread(
  context: Context,
  request: Request,
  thread: string,
  form: FormData,
  t: Translator,
) {
  const intent = 'rate';
  const stars = Number(form.get('stars'));
  if (!Number.isInteger(stars) || stars < 1 || stars > 5)
    return data<ReplyResult>({ intent, error: t('rating.choose') }, { status: 422 });
  try {
    await api(context, request).post(`${thread}/rating`, { stars });
    return data<ReplyResult>({ intent, done: t('rating.saved') });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ReplyResult>({ intent, error: failureText(error, t) }, { status: 400 });
  }
}

/** The API path of a conversation reached through the e-mail link's token. */
export const linkThreadPath = (token: string) => `/public/lead_threads/${encodeURIComponent(token)}`;
/** The API path of a signed-in buyer's own conversation. */
export const ownThreadPath = (id: number) => `/user/lead_threads/${id}`;
