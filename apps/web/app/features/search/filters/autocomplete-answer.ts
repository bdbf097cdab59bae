import { type LocationAutocompleteResponse, LocationAutocompleteResponseSchema } from '@estately/domain';

// The location box checks the autocomplete answer against the API's contract. A module of its own,
// imported when the first suggestions are fetched, so zod is not in the results page's first load.

export function parseAutocompleteAnswer(answer: unknown): LocationAutocompleteResponse {
  return LocationAutocompleteResponseSchema.parse(answer);
}
