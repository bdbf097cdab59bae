import { loadStaticMap } from '../features/offer-detail/load-static-map.server.ts';
import type { Route } from './+types/static-map.ts';

// GET /static-maps/{locale}/{id}.svg: the offer's static map as an SVG image, drawn on this
// server (features/offer-detail/load-static-map.server.ts).

export const loader = (args: Route.LoaderArgs) => loadStaticMap(args);
