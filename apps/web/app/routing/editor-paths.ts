import { buildPath, type Locale } from '@estately/domain';
import type { EditorStep } from '../lib/editor-steps.ts';

// Addresses of the property editor (issue 10): under my offers, so the account guard applies.
// `/{locale}/account/my-offers/new` starts a property, `/{locale}/account/my-offers/{id}` edits
// one, `?step=` names the step; photos are uploaded to `.../{id}/photos`.

export function newPropertyPath(locale: Locale): string {
  return `${buildPath('accountMyOffers', locale)}/new`;
}

export function editPropertyPath(locale: Locale, id: number, step?: EditorStep): string {
  const path = `${buildPath('accountMyOffers', locale)}/${id}`;
  return step ? `${path}?step=${step}` : path;
}

export function photoUploadPath(locale: Locale, id: number): string {
  return `${buildPath('accountMyOffers', locale)}/${id}/photos`;
}
