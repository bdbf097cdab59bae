import { type DecomposeResult, decomposeSearchPath } from '@estately/domain';

// A results page reads its search path three times: the results loader (its filters), and the
// root loader's locale links and canonical URL (the same screen in every locale). Each reading
// runs the filters' schema, more work than the rest of a loader, so one request reads each URL
// once. Both loaders get the same Request; answers are shared read-only (nobody mutates filters).

const readers = new WeakMap<Request, (url: string) => DecomposeResult>();

/** decomposeSearchPath, remembered for the lifetime of one request. */
export function searchPathReader(request: Request): (url: string) => DecomposeResult {
  let reader = readers.get(request);
  if (!reader) {
    const answers = new Map<string, DecomposeResult>();
    reader = (url) => {
      let answer = answers.get(url);
      if (!answer) {
        answer = decomposeSearchPath(url);
        answers.set(url, answer);
      }
      return answer;
    };
    readers.set(request, reader);
  }
  return reader;
}
