import type { Screen } from '@estately/domain';

/**
 * Route module of each screen of the domain route table that the web app serves so far (paths
 * relative to app/). routes.ts generates one route per table entry of these screens; a new
 * screen is one line here plus its module.
 */
export const SCREEN_MODULES: Partial<Record<Screen, string>> = {
  home: 'routes/home.tsx',
};

export function isServedScreen(screen: Screen): boolean {
  return SCREEN_MODULES[screen] !== undefined;
}
