import { useEffect, useState } from 'react';
import { useToast } from '../../toasts/toast-provider.tsx';
import { Icon, type IconProps } from '../../ui/icons.tsx';

// Share the offer: the system share sheet where the browser has one, else the link is copied
// with a confirmation toast. It needs JavaScript, so it appears only once the page is live; its
// module (with its icon) comes after the page's first load (offer-detail-page.tsx imports it
// lazily), and a press shares at once, while the browser still counts it as the visitor's act.

/** Lucide's share icon (lucide.dev, ISC licence), as the detail page's others (icons.tsx). */
const Share2 = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <line x1="8.59" x2="15.42" y1="13.51" y2="17.49" />
    <line x1="15.41" x2="8.59" y1="6.51" y2="10.49" />
  </Icon>
);

export default function ShareButton(props: {
  url: string;
  title: string;
  texts: { share: string; copied: string };
}) {
  const toast = useToast();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ url: props.url, title: props.title });
        return;
      }
      await navigator.clipboard.writeText(props.url);
      toast.show(props.texts.copied, 'success');
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.showError(error);
    }
  };
  return (
    <button type="button" className="button" onClick={() => void share()} data-testid="share">
      <Share2 aria-hidden="true" size={16} /> {props.texts.share}
    </button>
  );
}
