// The phone's contact bar of the offer page (issue 39 point 13): on a narrow screen the seller box
// and the message form sit far below the photos and parameters, so two actions stay at the
// bottom of the screen. Plain links rendered on the server, kept in place by CSS alone
// (styles.css, `.contact-bar`): hidden on wide screens and in print, no script of its own.
//
// Call: the phone's `tel:` address once the contact is shown; before that the same link as the
// seller box's "Show phone number" (`?contact=1#contact`), which reveals it without JavaScript.
// An offer whose contact has no phone has no Call. Message: a jump to the message form's first
// field; the browser focuses a focusable fragment target, so typing can start at once.

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
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
            />
          </svg>
          {texts.call}
        </a>
      )}
      <a
        className="button button--primary contact-bar__message"
        href={`#${props.messageFieldId}`}
        data-testid="contact-bar-message"
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 3.2V18h16V7.2l-8 5-8-5zM5.2 6 12 10.25 18.8 6z"
          />
        </svg>
        {texts.message}
      </a>
    </nav>
  );
}
