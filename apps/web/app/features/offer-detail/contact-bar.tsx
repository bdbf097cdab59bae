// The phone's contact bar of the offer page (issue 39 point 13): on a narrow screen the seller box
// and the message form sit far below the photos and parameters, so two actions stay at the
// bottom of the screen. Plain links rendered on the server, kept in place by CSS alone
// (styles.css, `.contact-bar`): hidden on wide screens and in print, no script of its own.
//
// Call: the phone's `tel:` address once the contact is shown; before that the same link as the
// seller box's "Show phone number" (`?contact=1#contact`), which reveals it without JavaScript.
// An offer whose contact has no phone has no Call. Message: a jump to the message form's first
// field; the browser focuses a focusable fragment target, so typing can start at once.
// Words without icons: the bar adds almost nothing to the page's first-load JavaScript.

export interface ContactBarTexts {
  /** The bar's accessible name ("Contact seller"). */
  label: string;
  call: string;
  message: string;
}

/** `tel:` address of a phone number as people write it ("+420 601 234 567" -> "tel:+420601234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function ContactBar(props: {
  /** `tel:` address, the address that reveals the contact, or null (no phone to call). */
  callHref: string | null;
  /** Id of the message form's first field. */
  messageFieldId: string;
  texts: ContactBarTexts;
}) {
  const { callHref, texts } = props;
  return (
    <nav className="contact-bar" aria-label={texts.label} data-testid="contact-bar">
      {callHref && (
        <a
          className="button contact-bar__call"
          href={callHref}
          rel={callHref.startsWith('tel:') ? undefined : 'nofollow'}
          data-testid="contact-bar-call"
        >
          {texts.call}
        </a>
      )}
      <a
        className="button button--primary contact-bar__message"
        href={`#${props.messageFieldId}`}
        data-testid="contact-bar-message"
      >
        {texts.message}
      </a>
    </nav>
  );
}
