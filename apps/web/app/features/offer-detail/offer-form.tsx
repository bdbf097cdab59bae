import { type FormEvent, type ReactNode, useState } from 'react';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';
import type { OfferFormKind, OfferFormResult, OfferFormState, OfferFormTexts } from './offer-forms.ts';

/** Submitting with validation (zod) and sending, fetched on the first focus or submit of a form (not in the first load). */
const loadSubmit = () => import('./submit-offer-form.ts');

// A form of the detail page that reaches the API from the browser when JavaScript runs (the API
// then sees the visitor, for its per-address limits) and posts to the page's own action without
// it. Errors sit beside their fields (aria-describedby), success is a toast. One outcome shows at a
// time, in the page's language: a new submission clears the last one (issue 39).

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
  const serverResult = props.result?.form === kind ? props.result : undefined;
  const [state, setState] = useState<OfferFormState>({
    errors: serverResult?.status === 'invalid' ? serverResult.errors : {},
    sending: false,
    sent: serverResult?.status === 'sent',
    conflict: false,
  });
  const { errors, sending, sent, conflict } = state;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!shell) return;
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    void loadSubmit().then(
      (module) =>
        module.submitOfferForm({
          kind,
          offerId,
          apiUrl: shell.publicConfig.apiUrl,
          form,
          fields,
          texts,
          toast,
          update: setState,
        }),
      (error: unknown) => toast.showError(error),
    );
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
      method="post"
      className={`offer-form ${props.className ?? ''}`}
      onSubmit={onSubmit}
      onFocus={() => void loadSubmit().catch(() => undefined)}
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
