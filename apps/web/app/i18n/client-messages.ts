import type { MessageKey } from '@estately/i18n';

/**
 * Message keys the browser needs: the shell (header, footer, error page) and the screens built
 * so far. A screen added later appends its keys here. Typed against the source catalog, so a
 * misspelled key fails typecheck.
 */
export const CLIENT_MESSAGE_KEYS = [
  'meta.site_name',
  'meta.tagline',
  'nav.skip_to_content',
  'nav.language',
  'nav.home',
  'nav.main_navigation',
  'footer.navigation',
  'footer.terms',
  'footer.cookie_policy',
  'footer.privacy_policy',
  'footer.blog',
  'footer.copyright',
  'error.not_found_title',
  'error.server_error_title',
  'error.page_not_found_path',
  'error.not_found_text',
  'error.server_error_text',
  'error.generic',
  'error.back_home',
  'home.hero_heading',
  'home.hero_subheading',
  'home.featured_offers',
  'home.no_offers',
  'home.offers_unavailable',
  'offer.verified',
  'offer.top',
  'offer.price_on_request',
] as const satisfies readonly MessageKey[];

export type ClientMessageKey = (typeof CLIENT_MESSAGE_KEYS)[number];
export type ClientMessages = Partial<Record<ClientMessageKey, string>>;
