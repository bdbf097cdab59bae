/**
 * Content first, code after (docs/decisions/032): a rendered page works without JavaScript (links,
 * forms, the first page of results), so the browser is not asked for the page's scripts until the
 * page's own content has loaded. React Router writes module preloads into the head and a module
 * script that imports the route modules and hydrates; both make the browser fetch about 100 KB of
 * JavaScript while the document, its styles and its photos are still arriving, and on a phone's
 * connection that code shares the bandwidth the photos need.
 *
 * This rewrites the written document (once, before it is sent):
 *  - the `<link rel="modulepreload">` elements are taken out and their addresses listed;
 *  - the hydration module script is made inert (`type="estately/deferred-module"`: the browser
 *    neither fetches nor runs it; React does not compare a script's type when it hydrates);
 *  - a small classic script (this response's nonce) follows it. When the page has loaded (the
 *    `load` event, then one frame, so the photos in view are painted) or at the visitor's first
 *    touch, key or focus, whichever comes first, and at the latest DEFER_LIMIT_MS after the
 *    document was parsed, it adds the preloads to the head and, in a task of its own (so that
 *    neither task runs long on a slow phone), a copy of the module script. The
 *    browser then fetches and runs the code as it would have, and React hydrates; React's own
 *    preload links find the added ones when it hydrates (React 19 matches head links by address
 *    and leaves unexpected head elements alone).
 *  - Until React has hydrated a control, a choice made in a form marked `data-submit-on-change`
 *    (a box ticked, an option picked; not a field being typed in) sends that form, as the
 *    hydrated page would search at once: the choice is not lost while the code is on its way.
 * A document without React Router's hydration script (an error written without it) is left as it
 * is.
 */

/** The latest moment after parsing at which the code is asked for, whatever is still loading. */
export const DEFER_LIMIT_MS = 3000;

export const DEFERRED_MODULE_TYPE = 'estately/deferred-module';

const PRELOAD_START = '<link rel="modulepreload" href="';
const MODULE_SCRIPT = ' type="module" async="">';
const SCRIPT_END = '</script>';

const LOADER_HEAD = '(()=>{const m=document.currentScript.previousElementSibling,h=';
const LOADER_TAIL = `;let go=()=>{go=null;const n=m.nonce;for(const u of h){const l=document.createElement("link");l.rel="modulepreload";l.href=u;l.setAttribute("nonce",n);document.head.append(l)}setTimeout(()=>{const s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=m.textContent;document.head.append(s)},0)};const now=()=>{go&&go()};addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(now,0)),{once:true});for(const t of["pointerdown","keydown","touchstart","focusin"])addEventListener(t,now,{once:true,capture:true,passive:true});setTimeout(now,${DEFER_LIMIT_MS});addEventListener("change",e=>{const f=e.target,F=f&&f.form;if(F&&F.hasAttribute("data-submit-on-change")&&!/^(number|date|search|text|email|tel|url|password)$/.test(f.type)&&!Object.keys(f).some(k=>k.startsWith("__reactProps")))F.requestSubmit()},true)})()`;

function loaderScript(nonce: string, hrefs: string[]): string {
  return `<script nonce="${nonce}">${LOADER_HEAD}${JSON.stringify(hrefs)}${LOADER_TAIL}</script>`;
}

/**
 * `html` with the page's code deferred as described above, as texts to send one after the other
 * (slices of `html` and what goes between them; page-at-once.server.ts `documentBytes`). `nonce`
 * is this response's.
 */
export function deferPageCode(html: string, nonce: string): string[] {
  // React Router's <Scripts> ends the body: looked for from the end, the search is short.
  const script = html.lastIndexOf(MODULE_SCRIPT);
  if (script < 0) return [html];
  const scriptOpen = html.lastIndexOf('<script', script);
  const scriptClose = html.indexOf(SCRIPT_END, script);
  if (scriptOpen < 0 || scriptClose < 0) return [html];

  // React hoists the preload links into the head: only the head is searched for them.
  const headEnd = html.indexOf('</head>');
  const head = headEnd < 0 ? html.slice(0, scriptOpen) : html.slice(0, Math.min(headEnd, scriptOpen));
  const parts: string[] = [];
  const hrefs: string[] = [];
  let from = 0;
  for (;;) {
    const start = head.indexOf(PRELOAD_START, from);
    if (start < 0) break;
    const hrefStart = start + PRELOAD_START.length;
    const hrefEnd = html.indexOf('"', hrefStart);
    const end = html.indexOf('/>', hrefEnd);
    if (hrefEnd < 0 || end < 0) return [html];
    hrefs.push(html.slice(hrefStart, hrefEnd));
    parts.push(html.slice(from, start));
    from = end + 2;
  }
  parts.push(
    html.slice(from, script),
    ` type="${DEFERRED_MODULE_TYPE}">`,
    html.slice(script + MODULE_SCRIPT.length, scriptClose + SCRIPT_END.length),
    loaderScript(nonce, hrefs),
    html.slice(scriptClose + SCRIPT_END.length),
  );
  return parts;
}

/** The module addresses a document's loader will preload (none for a document without one). */
export function deferredModuleHrefs(html: string): string[] {
  const start = html.indexOf(LOADER_HEAD);
  if (start < 0) return [];
  const list = start + LOADER_HEAD.length;
  return JSON.parse(html.slice(list, html.indexOf(']', list) + 1)) as string[];
}
