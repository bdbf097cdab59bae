// The POST /saved_searches body read from the "Save this search" form's fields, shared by the
// page's action (a post without JavaScript) and the browser's sending (send-saved-search.ts).

export interface SaveSearchBody {
  name: string;
  filters: string;
  search_path: string;
  frequency: string;
}

/** The POST /saved_searches body of the form's fields (as typed; validation is the API's). */
export function saveSearchBody(fields: FormData): SaveSearchBody {
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text('name').trim(),
    filters: text('filters'),
    search_path: text('search_path'),
    frequency: text('frequency'),
  };
}
