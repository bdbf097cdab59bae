import { loadMapResource } from '../features/search/map/load-map-resource.server.ts';
import type { Route } from './+types/search-map.ts';

// Resources of the results page's map mode (issue 9), at /map/{file}: the offline basemap's
// style and layers (or the street style over MAP_PMTILES_URL) and the card of a map point.

export const loader = (args: Route.LoaderArgs) => loadMapResource(args);
