import { useRouteLoaderData } from 'react-router';
import { type Packed, unpack } from '../routing/packed-data.ts';
import type { ShellData } from './shell-data.server.ts';

/** The root loader's data, or undefined when the root loader itself failed. */
export function useShellData(): ShellData | undefined {
  const packed = useRouteLoaderData('root') as Packed<ShellData> | undefined;
  return packed ? unpack(packed) : undefined;
}
