import { LEAD_REPLY_MAX } from '@estately/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';

// A conversation (issue 38 point 10) as both sides see it: the messages oldest first, each
// named by its side and time, and the reply box (plain text, a live count against the limit,
// no silent cut: a text over the limit is refused with a message).

export interface ThreadMessageView {
  id: number;
  mine: boolean;
  author: string;
  body: string;
  sent: string;
  sentIso: string;
}

export interface ReplyResult {
  intent: string;
  done?: string;
  error?: string;
  /** The refused text, put back into the box. */
  value?: string;
}

export function ThreadMessages(props: { messages: ThreadMessageView[]; t: Text; label: string }) {
  return (
    <ol className="thread" aria-label={props.label} data-testid="thread-messages">
      {props.messages.map((message) => (
        <li
          key={message.id}
          className={message.mine ? 'thread__message thread__message--mine' : 'thread__message'}
          data-testid="thread-message"
          data-side={message.mine ? 'mine' : 'theirs'}
        >
          <p className="thread__meta">
            <strong data-testid="thread-author" dir="auto">
              {message.author}
            </strong>{' '}
            <time dateTime={message.sentIso}>{props.t('lead_thread.sent', { date: message.sent })}</time>
          </p>
          <p className="thread__body" data-testid="thread-body" dir="auto">
            {message.body}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Announce the count only this long after the last keystroke, and only near or over the limit. */
const ANNOUNCE_DELAY_MS = 1000;

export function ReplyBox(props: {
  t: Text;
  label: string;
  hint: string;
  submit: string;
  result: ReplyResult | undefined;
}) {
  const { t, result } = props;
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reply';
  const [count, setCount] = useState(result?.value?.length ?? 0);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const error = result?.intent === 'reply' ? result.error : undefined;
  const done = result?.intent === 'reply' ? result.done : undefined;
  // Text typed before hydration counts too; a sent reply empties the box.
  useEffect(() => {
    if (ref.current) {
      if (done) ref.current.value = '';
      setCount(ref.current.value.length);
    }
  }, [done]);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const over = count > LEAD_REPLY_MAX;
  const onInput = (event: FormEvent<HTMLTextAreaElement>) => {
    const length = event.currentTarget.value.length;
    setCount(length);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const left = LEAD_REPLY_MAX - length;
      setAnnouncement(
        left < 0
          ? t('editor.chars_over', { over: -left })
          : left <= LEAD_REPLY_MAX / 10
            ? t('editor.chars_left', { remaining: left })
            : '',
      );
    }, ANNOUNCE_DELAY_MS);
  };
  const describedBy = [`${id}-hint`, `${id}-counter`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Form method="post" className="reply-box" data-testid="reply-form" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      <div className="field">
        <label htmlFor={`${id}-body`} className="field__label">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
        <textarea
          ref={ref}
          id={`${id}-body`}
          name="body"
          rows={6}
          required
          defaultValue={result?.value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onInput={onInput}
          data-testid="reply-body"
        />
        <p
          id={`${id}-counter`}
          className={over ? 'field__counter field__counter--over' : 'field__counter'}
          data-testid="reply-counter"
        >
          {t('editor.chars_count', { count, max: LEAD_REPLY_MAX })}
          {over ? ` ${t('editor.chars_over', { over: count - LEAD_REPLY_MAX })}` : ''}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" data-testid="reply-error">
            {error}
          </p>
        )}
      </div>
      <div role="status">
        {done && (
          <p className="notice" data-testid="reply-done">
            {done}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy} data-testid="reply-send">
        {props.submit}
      </button>
    </Form>
  );
}
