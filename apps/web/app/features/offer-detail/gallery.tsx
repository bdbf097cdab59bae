import { type KeyboardEvent, lazy, Suspense, type TouchEvent, useRef, useState } from 'react';
import { preconnectPhotoOrigin } from '../../shell/preconnect-photo-origin.ts';
import { ChevronRight, Maximize2 } from './icons.tsx';
import type { GalleryPhoto } from './offer-detail-view.server.ts';

// The photo gallery: one large photo with previous/next buttons and a strip of thumbnails.
// Keyboard: the buttons are in the tab order, and the arrow keys move (mirrored in right-to-left), Home and
// End jump; a swipe on touch screens moves too; the full-screen button opens the browser's own
// full-screen view of the photo, where a visible close button (first in focus, its own label)
// leaves it again beside Escape, and the swipe and arrow keys keep moving. Photos come as srcset of the stored variants (320 to 1920 wide, AVIF first).
// Without JavaScript the first photo and the thumbnails (links to the full size) still work.
// The full-screen view's code (gallery-full-screen.tsx) is fetched when its button is first
// pressed, not in the page's first load.

const GalleryFullScreen = lazy(() => import('./gallery-full-screen.tsx'));

export interface GalleryTexts {
  label: string;
  previous: string;
  next: string;
  fullScreen: string;
  exitFullScreen: string;
}

export function Gallery(props: { photos: GalleryPhoto[]; texts: GalleryTexts; dir: 'ltr' | 'rtl' }) {
  const { photos, texts } = props;
  const [index, setIndex] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const touchStart = useRef<number | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // The full-screen view is rendered (its module fetched) from the first press of its button on.
  const [fullScreenAsked, setFullScreenAsked] = useState(false);
  if (photos.length === 0) return null;
  const photo = photos[index] ?? photos[0]!;
  // The first photo is the page's largest paint.
  preconnectPhotoOrigin(photos[0]?.src);
  const go = (next: number) => setIndex((next + photos.length) % photos.length);
  const forward = props.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = props.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === forward) go(index + 1);
    else if (event.key === backward) go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(photos.length - 1);
    else return;
    event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    const towardsStart = end < start;
    go(index + ((props.dir === 'rtl' ? !towardsStart : towardsStart) ? 1 : -1));
  };

  return (
    // The arrow keys work while focus is on any of the gallery's buttons.
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={texts.label}
      onKeyDown={onKeyDown}
      data-testid="gallery"
    >
      <div
        ref={stage}
        className="gallery__stage"
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
        data-testid="gallery-stage"
      >
        {fullScreenAsked && (
          <Suspense fallback={null}>
            <GalleryFullScreen stage={stage} opener={opener} label={texts.exitFullScreen} />
          </Suspense>
        )}
        <picture>
          {photo.avifSrcSet && (
            <source type="image/avif" srcSet={photo.avifSrcSet} sizes="(min-width: 60rem) 50rem, 100vw" />
          )}
          <img
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="(min-width: 60rem) 50rem, 100vw"
            alt={photo.alt}
            width={1280}
            height={960}
            // The first photo is the page's largest paint: it loads at once.
            fetchPriority={index === 0 ? 'high' : 'auto'}
            data-testid="gallery-photo"
          />
        </picture>
        {photos.length > 1 && (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label={texts.previous}
              onClick={() => go(index - 1)}
              data-testid="gallery-previous"
            >
              {/* The chevron pointing forward, mirrored by the stylesheet. */}
              <ChevronRight aria-hidden="true" />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label={texts.next}
              onClick={() => go(index + 1)}
              data-testid="gallery-next"
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </>
        )}
        {/* "1 / 12" reads left to right in every page: a right-to-left page would show "12 / 1". */}
        <span className="gallery__counter" dir="ltr" aria-live="polite" data-testid="gallery-counter">
          {index + 1} / {photos.length}
        </span>
      </div>
      <button
        ref={opener}
        type="button"
        className="button"
        data-testid="gallery-full-screen"
        onClick={() => {
          setFullScreenAsked(true);
          void stage.current?.requestFullscreen?.().catch(() => undefined);
        }}
      >
        <Maximize2 aria-hidden="true" size={16} /> {texts.fullScreen}
      </button>
      {photos.length > 1 && (
        <ul className="gallery__thumbs">
          {photos.map((thumb, thumbIndex) => (
            <li key={thumb.src}>
              <button
                type="button"
                aria-label={thumb.alt}
                aria-current={thumbIndex === index}
                onClick={() => setIndex(thumbIndex)}
              >
                <img
                  src={thumb.thumb}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  // On a phone the strip is in view with the large photo: without the hint the
                  // browser raises the thumbnails to high priority too, and they share the
                  // photo host's connections and bandwidth with the page's largest paint.
                  fetchPriority="low"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
