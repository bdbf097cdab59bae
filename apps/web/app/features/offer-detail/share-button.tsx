import { useEffect, useState } from 'react';
import { useToast } from '../../toasts/toast-provider.tsx';
import { Share2 } from './icons.tsx';

// Share the offer: the system share sheet where the browser has one, else the link is copied
// with a confirmation toast. It needs JavaScript, so it appears only once the page is live.

export function ShareButton(props: { url: string; title: string; texts: { share: string; copied: string } }) {
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
