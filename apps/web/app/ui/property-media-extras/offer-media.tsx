import { useEffect, useRef, useState } from 'react';
import { Icon } from '../icons.tsx';
import type { EnergyCertificateView, FloorPlanView, OfferVideoView } from './media-view.server.ts';

// The offer page's other media (issue 38 point 13). Floor plans are their own group under the
// photo gallery. The video is a click-to-load facade: no request reaches YouTube or Vimeo until
// the visitor presses play (no thumbnail either, which would come from the provider); then the
// privacy-enhanced player (youtube-nocookie.com, Vimeo with dnt=1) loads in a sandboxed frame.
// Without JavaScript the facade is a link to the video on the provider's site.

export function FloorPlans(props: { plans: FloorPlanView[]; heading: string }) {
  if (props.plans.length === 0) return null;
  return (
    <section className="floor-plans" aria-labelledby="floor-plans-heading" data-testid="floor-plans">
      <h2 id="floor-plans-heading">{props.heading}</h2>
      <ul className="floor-plans__list">
        {props.plans.map((plan) => (
          <li key={plan.src}>
            <a href={plan.full} data-testid="floor-plan">
              <img
                src={plan.src}
                srcSet={plan.srcSet}
                sizes="(min-width: 60rem) 25rem, 100vw"
                alt={plan.alt}
                width={640}
                height={480}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OfferVideo(props: { video: OfferVideoView }) {
  const { video } = props;
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <section className="offer-video" aria-labelledby="offer-video-heading" data-testid="offer-video">
      <h2 id="offer-video-heading">{video.heading}</h2>
      <div className="offer-video__frame">
        {playing ? (
          <iframe
            ref={frame}
            src={video.embedUrl}
            title={video.frameTitle}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            data-testid="offer-video-player"
          />
        ) : (
          <a
            href={video.watchUrl}
            className="offer-video__facade"
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
            data-testid="offer-video-play"
          >
            <span className="offer-video__play" aria-hidden="true">
              <Icon size={48}>
                <polygon points="6 3 20 12 6 21 6 3" fill="currentColor" />
              </Icon>
            </span>
            <span className="offer-video__label">{video.play}</span>
            <span className="offer-video__consent">{video.consent}</span>
          </a>
        )}
      </div>
      <p>
        <a href={video.watchUrl} target="_blank" rel="noopener noreferrer">
          {video.watchOn}
        </a>
      </p>
    </section>
  );
}

export function EnergyCertificateLink(props: { certificate: EnergyCertificateView }) {
  return (
    <p className="energy-certificate">
      <a href={props.certificate.href} type="application/pdf" data-testid="energy-certificate">
        {props.certificate.label}
      </a>
    </p>
  );
}
