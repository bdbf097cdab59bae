import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import type { ClientMessages } from '../../i18n/client-messages.ts';
import { createTranslate, useI18n } from '../../i18n/i18n-context.tsx';
import { useToast } from '../../toasts/toast-provider.tsx';
import type { FieldErrors } from './form-errors.ts';

// Building blocks of the account and sign-in forms. Forms are plain React Router <Form>s posting
// to their route's action, so they work before the scripts load; once hydrated they check the
// fields with the same contract first and only send what passes. Errors sit under their field
// (aria-describedby, aria-invalid), a summary announces their count, and focus moves to the
// first field in error (WCAG 3.3.1, 2.4.3).

/** Texts of one screen, raw ICU from the catalog of the page's locale (the loader picks them). */
export type ScreenMessages = Record<string, string>;
export type Text = (key: string, values?: Record<string, string | number | undefined>) => string;

/** Formats a screen's messages in the page's locale, the same ICU engine as the shell's. */
export function useText(messages: ScreenMessages): Text {
  const { tag } = useI18n();
  return useMemo(() => {
    const translate = createTranslate(tag, messages as ClientMessages);
    return (key, values) => translate(key as keyof ClientMessages, values);
  }, [tag, messages]);
}

export interface FormScope {
  id: string;
  errors: FieldErrors;
  t: Text;
  /** The field that gets focus (and autoFocus before hydration): the first one in error. */
  firstInvalid: string | null;
}

const FormScopeContext = createContext<FormScope | null>(null);

/** The enclosing ValidatedForm's ids and errors, for fields drawn by a feature of its own. */
export function useFormScope(): FormScope {
  const scope = useContext(FormScopeContext);
  if (!scope) throw new Error('form field outside of ValidatedForm');
  return scope;
}

/** What an action answers for a form it refused: its intent, field errors and a form-level error. */
export interface FormResult {
  intent: string;
  errors?: FieldErrors | null;
  formError?: string | null;
  /** A success that stays on the page (a sent e-mail, saved settings): the text to show. */
  done?: string | null;
  /** The values to put back into the fields (never passwords). */
  values?: Record<string, string | boolean> | null;
}

/** Where a form's typed values wait in this tab (see ValidatedForm); a screen may drop them. */
export function formStashKey(pathname: string, intent: string): string {
  return `estately.form:${pathname}:${intent}`;
}

/** Inputs whose text is kept through an expired session (never passwords, files or hidden ones);
 * text areas and single selects are kept too. */
const TYPED_INPUTS = new Set(['text', 'email', 'tel']);

export function ValidatedForm(props: {
  intent: string;
  t: Text;
  result: FormResult | undefined;
  /** Checks the form in the browser before it is sent; null or {} when it may go. */
  validate?: (form: FormData) => FieldErrors | null;
  submitLabel: string;
  action?: string;
  encType?: 'multipart/form-data';
  className?: string;
  testId?: string;
  /** Field order: errors are summarised and focused in this order. */
  fields: readonly string[];
  children: ReactNode;
}) {
  const id = useId();
  const navigation = useNavigation();
  const mine = props.result?.intent === props.intent ? props.result : undefined;
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // A new answer of the action replaces what the browser found.
  useEffect(() => {
    setClientErrors(null);
    if (mine?.errors && Object.keys(mine.errors).length > 0) setFocusTick((tick) => tick + 1);
  }, [mine]);
  const errors = clientErrors ?? mine?.errors ?? {};
  const ordered = props.fields.filter((field) => errors[field]?.length);
  const firstInvalid = ordered[0] ?? null;
  useEffect(() => {
    if (focusTick === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [focusTick]);
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === props.intent;
  // What was typed survives a session that expires while the form is open: it is kept in this
  // tab when the form is sent, dropped once the action reports it done, and put back when the
  // person returns here unsaved, e.g. after signing in again (issue 10). Never passwords or files.
  const location = useLocation();
  const stashKey = formStashKey(location.pathname, props.intent);
  useEffect(() => {
    if (mine?.done) sessionStorage.removeItem(stashKey);
  }, [mine, stashKey]);
  useEffect(() => {
    const stashed = sessionStorage.getItem(stashKey);
    const form = formRef.current;
    if (!stashed || !form) return;
    sessionStorage.removeItem(stashKey);
    try {
      for (const [name, value] of Object.entries(JSON.parse(stashed) as Record<string, string>)) {
        const field = form.elements.namedItem(name);
        // Only into a field the person has not changed on this page: text typed before the
        // page's code came (decision 032) is newer than what was kept (issue 38).
        if (
          ((field instanceof HTMLInputElement && TYPED_INPUTS.has(field.type)) ||
            field instanceof HTMLTextAreaElement) &&
          field.value === field.defaultValue
        )
          field.value = value;
        else if (
          field instanceof HTMLSelectElement &&
          field.selectedIndex ===
            Math.max(
              0,
              Array.from(field.options).findIndex((option) => option.defaultSelected),
            )
        )
          field.value = value;
      }
    } catch {
      // A damaged entry is simply not restored.
    }
  }, [stashKey]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = props.validate?.(new FormData(event.currentTarget));
    if (found && Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      setFocusTick((tick) => tick + 1);
      return;
    }
    setClientErrors(null);
    const typed: Record<string, string> = {};
    for (const element of Array.from(event.currentTarget.elements)) {
      if (
        (element instanceof HTMLInputElement && TYPED_INPUTS.has(element.type)) ||
        element instanceof HTMLTextAreaElement ||
        (element instanceof HTMLSelectElement && !element.multiple)
      )
        typed[element.name] = element.value;
    }
    try {
      sessionStorage.setItem(stashKey, JSON.stringify(typed));
    } catch {
      // Storage full or blocked: the form is sent all the same.
    }
  };
  const count = ordered.length + (errors.form?.length ? 1 : 0);
  const scope = useMemo<FormScope>(
    () => ({ id, errors, t: props.t, firstInvalid }),
    [id, errors, props.t, firstInvalid],
  );
  return (
    <Form
      ref={formRef}
      method="post"
      action={props.action}
      encType={props.encType}
      noValidate
      onSubmit={onSubmit}
      className={`account-form ${props.className ?? ''}`}
      data-testid={props.testId}
      aria-busy={submitting || undefined}
    >
      <input type="hidden" name="intent" value={props.intent} />
      <div role="alert" className="account-form__summary">
        {count > 0 && (
          <p className="account-form__error" data-testid="form-summary">
            {props.t('validation.summary', { count })}
          </p>
        )}
        {errors.form?.map((error) => (
          <p key={error.key} className="account-form__error">
            {props.t(error.key, error.values)}
          </p>
        ))}
        {mine?.formError && <p className="account-form__error">{mine.formError}</p>}
      </div>
      {mine?.done && (
        <p className="notice account-form__done" role="status" data-testid="form-done">
          {mine.done}
        </p>
      )}
      <FormScopeContext.Provider value={scope}>{props.children}</FormScopeContext.Provider>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {props.submitLabel}
      </button>
    </Form>
  );
}

/** A field's errors in the page's language, under the field (its aria-describedby names this id). */
export function FieldErrorsText(props: { id: string; name: string }) {
  const { errors, t } = useFormScope();
  const list = errors[props.name];
  if (!list?.length) return null;
  return (
    <p id={props.id} className="field__error" data-testid={`error-${props.name}`}>
      {list.map((error) => t(error.key, error.values)).join(' ')}
    </p>
  );
}

/** What a labelled field hands the control it draws. */
export interface FieldIds {
  inputId: string;
  invalid: boolean;
  /** The error (when there is one) and the hint, for the control's aria-describedby. */
  describedBy: string | undefined;
}

/** One field of a ValidatedForm: its label, an optional hint, the control, and its errors under it. */
export function LabelledField(props: {
  name: string;
  label: string;
  hint?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const { id, errors } = useFormScope();
  const inputId = `${id}-${props.name.replace(/\./g, '-')}`;
  const invalid = Boolean(errors[props.name]?.length);
  const describedBy =
    [invalid ? `${inputId}-error` : null, props.hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {props.label}
      </label>
      {props.hint && (
        <p id={`${inputId}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.children({ inputId, invalid, describedBy })}
      <FieldErrorsText id={`${inputId}-error`} name={props.name} />
    </div>
  );
}

export function Field(props: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'file';
  autoComplete?: string;
  defaultValue?: string | null;
  required?: boolean;
  hint?: string;
  accept?: string;
  onFileChange?: (file: File | null) => void;
}) {
  const { firstInvalid } = useFormScope();
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint}>
      {({ inputId, invalid, describedBy }) => (
        <input
          id={inputId}
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          defaultValue={props.type === 'file' ? undefined : (props.defaultValue ?? undefined)}
          aria-required={props.required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          accept={props.accept}
          // Before the scripts load focus cannot be moved after the answer; autoFocus does it,
          // only on the first field in error of a form the person just sent (WCAG 3.3.1).
          // biome-ignore lint/a11y/noAutofocus: focus follows the person's own submission.
          autoFocus={invalid && firstInvalid === props.name}
          onChange={
            props.onFileChange
              ? (event) => props.onFileChange?.(event.currentTarget.files?.[0] ?? null)
              : undefined
          }
          dir={props.type === 'email' || props.type === 'tel' ? 'ltr' : undefined}
        />
      )}
    </LabelledField>
  );
}

/**
 * A password field: the current password, a new one (with the password rule as its hint) or the
 * new one typed again.
 */
export function PasswordField(props: { name: string; label: string; kind: 'current' | 'new' | 'repeat' }) {
  const { t } = useFormScope();
  return (
    <Field
      name={props.name}
      type="password"
      label={props.label}
      autoComplete={props.kind === 'current' ? 'current-password' : 'new-password'}
      hint={props.kind === 'new' ? t('auth.password_hint', { min: 8 }) : undefined}
      required
    />
  );
}

export function CheckboxField(props: { name: string; label: string; defaultChecked?: boolean }) {
  const { id } = useFormScope();
  const inputId = `${id}-${props.name}`;
  return (
    <div className="field field--checkbox">
      <input id={inputId} name={props.name} type="checkbox" defaultChecked={props.defaultChecked} />
      <label htmlFor={inputId}>{props.label}</label>
      <FieldErrorsText id={`${inputId}-error`} name={props.name} />
    </div>
  );
}

export function SelectField(props: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  hint?: string;
}) {
  return (
    <LabelledField name={props.name} label={props.label} hint={props.hint}>
      {({ inputId, invalid, describedBy }) => (
        <select
          id={inputId}
          name={props.name}
          defaultValue={props.defaultValue}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/**
 * Success toasts of forms whose action redirects (signed in, signed out, password changed): the
 * toast region lives in the root layout and outlives this page, so the toast is shown the
 * moment the action's redirect starts loading the next page. A redirect is told from a
 * re-render by the target: an answer that stays on the page revalidates the same location.
 */
export function useRedirectToast(texts: Record<string, string | undefined>): void {
  const navigation = useNavigation();
  const location = useLocation();
  const toast = useToast();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state !== 'loading' || !navigation.formData) return;
    const intent = navigation.formData.get('intent');
    const text = typeof intent === 'string' ? texts[intent] : undefined;
    const target = navigation.location.pathname + navigation.location.search;
    if (!text || target === location.pathname + location.search) return;
    const id = `${navigation.location.key}`;
    if (shown.current === id) return;
    shown.current = id;
    toast.show(text, 'success');
  }, [navigation, location, texts, toast]);
}
