import type { Toaster } from '../../toasts/toast-provider.tsx';
import { sendOfferForm } from './offer-form-send.ts';
import type { OfferFormKind, OfferFormState, OfferFormTexts } from './offer-forms.ts';

// What a detail-page form (offer-form.tsx) does when it is submitted with JavaScript: it sends the
// fields (offer-form-send.ts) and shows the outcome. The form fetches this module, with the
// validation and the sending, on its first focus or submit: none of it is in the page's first load.

/**
 * Sends the fields of a submitted form and shows how it went: success as a toast (the form then
 * empties), a refusal beside its fields (a rule broken before sending also moves the focus to
 * its field), a second report as its own notice, any other failure as an error toast. One
 * outcome shows at a time: the last one is cleared first.
 */
export async function submitOfferForm(input: {
  kind: OfferFormKind;
  offerId: number;
  apiUrl: string;
  form: HTMLFormElement;
  fields: FormData;
  texts: OfferFormTexts;
  toast: Toaster;
  update: (change: (state: OfferFormState) => OfferFormState) => void;
}): Promise<void> {
  const { form, texts, toast } = input;
  const update = (patch: Partial<OfferFormState>) => input.update((state) => ({ ...state, ...patch }));
  update({ sent: false, conflict: false });
  try {
    const result = await sendOfferForm({
      kind: input.kind,
      offerId: input.offerId,
      apiUrl: input.apiUrl,
      fields: input.fields,
      sending: () => update({ errors: {}, sending: true }),
    });
    if (result.status === 'sent') {
      toast.show(texts.sent, 'success');
      update({ sent: true });
      form.reset();
    } else if (result.status === 'failed') {
      if (texts.conflict && result.conflict) update({ conflict: true });
      else toast.showError(result.error);
    } else {
      update({ errors: result.errors });
      const first = Object.keys(result.errors)[0];
      if (result.status === 'invalid') form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  } catch (error) {
    toast.showError(error);
  } finally {
    update({ sending: false });
  }
}
