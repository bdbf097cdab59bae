import type { ReactNode } from 'react';

// The app's few icons as plain SVG components: the shell's here, a feature's beside it (its
// icons.tsx). Their drawings are Lucide's (lucide.dev, ISC licence), which the app first used
// through lucide-react; drawn directly, a page no longer loads lucide-react's icon runtime (about
// 1 KB of brotli in every first load). Every icon is decorative (hidden from assistive
// technology): the control it sits in carries the label.

export interface IconProps {
  size?: number;
  /** `currentColor` fills the shape (a favourite's heart); the default is an outline. */
  fill?: string;
  'aria-hidden'?: 'true' | true;
}

/** An icon's frame: Lucide's 24-unit grid, drawn with a 2-unit round stroke in the text colour. */
export function Icon(props: IconProps & { children: ReactNode }) {
  const size = props.size ?? 24;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={props.fill ?? 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {props.children}
    </svg>
  );
}

// The shell's icons are drawn once a page, as symbols of one hidden sprite (`IconSprite`, at the
// top of the body), and each icon on the page uses its symbol: a results page shows 25 hearts,
// each about 90 characters instead of 450 (what React writes of a page stays below the size V8
// gives a space of its own: docs/decisions/035-documents-below-the-large-object-size.md).
const SYMBOLS = {
  heart: (
    <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />
  ),
  search: (
    <>
      <path d="m21 21-4.34-4.34" />
      <circle cx="11" cy="11" r="8" />
    </>
  ),
  'user-round': (
    <>
      <circle cx="12" cy="8" r="5" />
      <path d="M20 21a8 8 0 0 0-16 0" />
    </>
  ),
  x: (
    <>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </>
  ),
} as const;

type SymbolName = keyof typeof SYMBOLS;

/** The shell icons' drawings, once a page; never shown itself (the stylesheet hides it). */
export function IconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true">
      {(Object.keys(SYMBOLS) as SymbolName[]).map((name) => (
        // The frame of Icon: the stroke is the text colour; the fill comes from the icon that uses it.
        <symbol
          key={name}
          id={`icon-${name}`}
          viewBox="0 0 24 24"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {SYMBOLS[name]}
        </symbol>
      ))}
    </svg>
  );
}

/** An icon of the sprite. */
function SpriteIcon(props: IconProps & { name: SymbolName }) {
  const size = props.size ?? 24;
  return (
    <svg width={size} height={size} fill={props.fill ?? 'none'} aria-hidden="true">
      <use href={`#icon-${props.name}`} />
    </svg>
  );
}

export const Heart = (props: IconProps) => <SpriteIcon {...props} name="heart" />;

export const Search = (props: IconProps) => <SpriteIcon {...props} name="search" />;

export const UserRound = (props: IconProps) => <SpriteIcon {...props} name="user-round" />;

export const X = (props: IconProps) => <SpriteIcon {...props} name="x" />;
