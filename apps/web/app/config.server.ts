import { createContext } from 'react-router';
import { readWebConfig, type WebConfig } from './web-config.ts';

export type { PublicConfig, WebConfig } from './web-config.ts';
export { publicConfigOf, readWebConfig } from './web-config.ts';

/**
 * The configuration travels to loaders through the router context (CONVENTIONS habit 4), so
 * tests can start the web app against any API. The default serves `react-router dev`, which
 * has no load context of ours.
 */
export const webConfigContext = createContext<WebConfig>(defaultWebConfig());

function defaultWebConfig(): WebConfig {
  try {
    return readWebConfig(process.env);
  } catch {
    // server.ts has already reported a bad environment at boot; the default is then unused.
    return readWebConfig({});
  }
}
