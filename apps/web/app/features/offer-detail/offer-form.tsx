import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';
import type { FieldErrorKeys, OfferFormKind, OfferFormResult } from './offer-forms.ts';

/** Validation (zod) and sending, fetched on the first focus or submit of a form (not in the first load). */
const loadSend = () => import('./offer-form-send.ts');

// A form of the detail page that reaches the API from the browser when JavaScript runs (the API
// then sees the visitor, for its per-address limits) and posts to the page's own action without
// it. Errors sit beside their fields (aria-describedby), success is a toast. One outcome shows at a
// time, in the page's language: a new submission clears the last one (issue 39).

export interface OfferFormTexts {
  sent: string;
  /** The answer to a 409 (the report form: this visitor's report is already open), shown in place of `sent`. */
  conflict?: string;
  /** Validation message keys -> text in the page's locale. */
  validation: Record<string, string>;
}

export function OfferForm(props: {
  kind: OfferFormKind;
  offerId: number;
  texts: OfferFormTexts;
  /** The answer of the page's action after a post without JavaScript. */
  result: OfferFormResult | undefined;
  className?: string;
  children: (
    errorOf: (field: string) => ReactNode,
    describedBy: (field: string) => string | undefined,
  ) => ReactNode;
  submit: string;
}) {
  const { kind, offerId, texts } = props;
  const shell = useShellData();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const serverResult = props.result?.form === kind ? props.result : undefined;
  const [errors, setErrors] = useState<FieldErrorKeys>(
    serverResult?.status === 'invalid' ? serverResult.errors : {},
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(serverResult?.status === 'sent');
  const [conflict, setConflict] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!shell) return;
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setSent(false);
    setConflict(false);
    try {
      const result = await (await loadSend()).sendOfferForm({
        kind,
        offerId,
        apiUrl: shell.publicConfig.apiUrl,
        fields,
        sending: () => {
          setErrors({});
          setSending(true);
        },
      });
      if (result.status === 'sent') {
        toast.show(texts.sent, 'success');
        setSent(true);
        form.current?.reset();
      } else if (result.status === 'failed') {
        if (texts.conflict && result.conflict) setConflict(true);
        else toast.showError(result.error);
      } else {
        setErrors(result.errors);
        // A rule broken before sending moves the focus to its field.
        const first = Object.keys(result.errors)[0];
        if (result.status === 'invalid')
          form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      }
    } catch (error) {
      toast.showError(error);
    } finally {
      setSending(false);
    }
  };

  const id = (field: string) => `${kind}-${field}-error`;
  const errorOf = (field: string) =>
    errors[field] ? (
      <span className="field-error" id={id(field)} data-testid={`${kind}-error-${field}`}>
        {texts.validation[errors[field]] ?? texts.validation['validation.invalid_value']}
      </span>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? id(field) : undefined);

  return (
    <form
      ref={form}
      method="post"
      className={`offer-form ${props.className ?? ''}`}
      onSubmit={onSubmit}
      onFocus={() => void loadSend().catch(() => undefined)}
      noValidate
      data-testid={`${kind}-form`}
    >
      <input type="hidden" name="intent" value={kind} />
      {props.children(errorOf, describedBy)}
      {serverResult?.status === 'failed' && !sent && !conflict && (
        <p className="field-error" role="alert">
          {serverResult.message}
        </p>
      )}
      {sent && (
        <p role="status" className="badge" data-testid={`${kind}-sent`}>
          {texts.sent}
        </p>
      )}
      {conflict && (
        <p role="status" className="badge" data-testid={`${kind}-conflict`}>
          {texts.conflict}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {props.submit}
      </button>
    </form>
  );
}
