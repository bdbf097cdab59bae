import { type RefObject, useEffect, useRef, useState } from 'react';
import { X } from '../../ui/icons.tsx';

// The gallery's full-screen view (gallery.tsx), fetched when its button is first pressed: the
// browser's own full screen of the photo's stage, asked for by that button at once (a browser
// grants it only within the press), and followed from here. While it is on, a visible close
// button (first in focus, its own label) leaves it again beside Escape; the swipe and the arrow
// keys of the gallery keep moving. It ends by Escape, by the close button or by the system's own
// gesture: focus then goes back to the button that opened it.

export default function GalleryFullScreen(props: {
  stage: RefObject<HTMLDivElement | null>;
  opener: RefObject<HTMLButtonElement | null>;
  label: string;
}) {
  const { stage, opener } = props;
  const closer = useRef<HTMLButtonElement>(null);
  const [on, setOn] = useState(false);
  useEffect(() => {
    const changed = () => {
      const now = stage.current !== null && document.fullscreenElement === stage.current;
      if (
        !now &&
        (stage.current?.contains(document.activeElement) || document.activeElement === document.body)
      )
        opener.current?.focus();
      setOn(now);
    };
    document.addEventListener('fullscreenchange', changed);
    // The view may have opened while this module was on its way.
    if (document.fullscreenElement && document.fullscreenElement === stage.current) setOn(true);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [stage, opener]);
  useEffect(() => {
    if (on) closer.current?.focus();
  }, [on]);
  if (!on) return null;
  return (
    <button
      ref={closer}
      type="button"
      className="gallery__close"
      aria-label={props.label}
      title={props.label}
      onClick={() => void document.exitFullscreen?.().catch(() => undefined)}
      data-testid="gallery-close"
    >
      <X aria-hidden="true" />
    </button>
  );
}
