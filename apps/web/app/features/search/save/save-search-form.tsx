import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useShellData } from '../../../shell/use-shell-data.ts';
import { BellPlus } from './icons.tsx';
import type { SaveSearchResult, SaveSearchView } from './save-search.ts';

// "Save this search" on the results page (issue 9): a watch-dog with a name (made of the search,
// editable) and how often new offers are e-mailed. Signed in, it opens a small form that posts to
// the page's action without JavaScript and calls POST /saved_searches from the browser with it
// (success is a toast; save-search-signed-in.tsx, fetched only for a signed-in visitor). A guest
// gets a link to sign in that comes back to this very results URL.
// The sending (send-saved-search.ts) is fetched on the first submit, not in the page's first load;
// should that fail (offline), the form posts to the page's action as it does without JavaScript.
// This module itself comes after the page's first load (results-page.tsx imports it lazily): the
// server renders the link or the form within the page, and the browser keeps that markup (a plain
// link, a form that posts) until the module has come.

const SaveSearchSignedIn = lazy(() => import('./save-search-signed-in.tsx'));

export default function SaveSearch(props: { view: SaveSearchView; result: SaveSearchResult | undefined }) {
  const { view } = props;
  const shell = useShellData();
  const location = useLocation();

  if (!shell?.user) {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <Link
        className="button save-search__open"
        to={`${view.signInPath}?redirect=${back}`}
        rel="nofollow"
        data-testid="save-search-sign-in"
      >
        <BellPlus aria-hidden="true" size={18} />
        {view.texts.open}
      </Link>
    );
  }
  // Server-rendered whole (the page is sent once every part is ready); in the browser the
  // server's form stays as it is until its module has come, then hydrates.
  return (
    <Suspense
      fallback={
        <span className="button save-search__open">
          <BellPlus aria-hidden="true" size={18} />
          {view.texts.open}
        </span>
      }
    >
      <SaveSearchSignedIn
        {...props}
        apiUrl={shell.publicConfig.apiUrl}
        icon={<BellPlus aria-hidden="true" size={18} />}
      />
    </Suspense>
  );
}
