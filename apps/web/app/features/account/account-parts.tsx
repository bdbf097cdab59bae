import type { FormResult } from '../../ui/forms/form-ui.tsx';
import type { NOTIFICATION_FIELDS, PROFILE_FIELDS } from './account-fields.ts';

// What several account screens share. Every change is a form posting to the screen's action, so
// each works before the scripts load; the lists show the action's answer beside the item it
// changed.

export function Done({ result, intent }: { result: FormResult | undefined; intent: string }) {
  if (result?.intent !== intent) return null;
  return (
    <p className={result.done ? 'notice' : 'account-form__error'} role="status" data-testid="form-done">
      {result.done ?? result.formError}
    </p>
  );
}

export interface SettingsData {
  user: {
    email: string;
    accountType: string;
    pictureUrl: string | null;
    profile: Record<(typeof PROFILE_FIELDS)[number], string>;
    notifications: Record<(typeof NOTIFICATION_FIELDS)[number], boolean>;
    preferredLanguage: string;
    preferredCurrency: string;
  };
  languages: { value: string; label: string }[];
  currencies: { value: string; label: string }[];
}
