import { uploadFeedFile } from '../features/feeds/upload-feed-file.server.ts';
import type { Route } from './+types/feed-upload.ts';

// POST /{locale}/account/feeds/{id}/upload: a feed's file, streamed on to the API as the
// signed-in company (issue 42); answers a redirect to the run's page or back to the feeds.

export const action = (args: Route.ActionArgs) => uploadFeedFile(args);
