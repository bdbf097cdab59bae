import type { CatalogOverrides } from './en.ts';

// Greek as written in Cyprus (el-CY): the Greek catalog with Cypriot administrative terms.
export const elCY: CatalogOverrides = {
  // Cyprus's tax identification code is the ΑΦΤ (Αριθμός Φορολογικής Ταυτότητας), not Greece's ΑΦΜ.
  'auth.registration_number': 'ΑΦΤ εταιρείας',
};
