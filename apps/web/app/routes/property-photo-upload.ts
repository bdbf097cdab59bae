import { uploadPropertyPhoto } from '../features/property-editor/upload-property-photo.server.ts';
import type { Route } from './+types/property-photo-upload.ts';

// POST /{locale}/account/my-offers/{id}/photos: one photo of the property editor, passed on to
// the API as the signed-in person (decision 020); answers JSON.

export const action = (args: Route.ActionArgs) => uploadPropertyPhoto(args);
