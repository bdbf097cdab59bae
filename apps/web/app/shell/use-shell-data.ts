import { useRouteLoaderData } from 'react-router';
import type { ShellData } from './shell-data.server.ts';

/** The root loader's data, or undefined when the root loader itself failed. */
export function useShellData(): ShellData | undefined {
  return useRouteLoaderData('root') as ShellData | undefined;
}
