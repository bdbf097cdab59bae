import type { CatalogOverrides } from './en.ts';

// Belgian French (fr-BE): Belgian administrative and housing terms over the French catalog.
export const frBE: CatalogOverrides = {
  'auth.registration_number': 'Numéro d’entreprise (BCE)',
  'auth.phone': 'Téléphone ou GSM',
  'value.reconstruction.new_building': 'Nouvelle construction',
  'email.sign_off': 'Cordialement,',
  // The energy certificate by its local name (issue 38 point 13).
  'media.energy_certificate': 'Certificat PEB',
  'media.energy_certificate_pdf': 'Certificat PEB (PDF, {size})',
};
