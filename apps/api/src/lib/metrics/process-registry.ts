import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The Node.js process's own metrics (CPU, memory, event loop delay, garbage collection, open
 * handles) in a registry of their own, made once per process: prom-client watches the event
 * loop and the collector from the moment they are asked for, and a second set would watch
 * them twice. An API app's or the worker's registry is served beside it (metrics-listener.ts).
 */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
