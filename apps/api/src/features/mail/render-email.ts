import type { Locale } from '@estately/domain';
import { formatDateLong, formatDateTime } from '@estately/i18n';
import { type EmailKey, formatEmailText } from '@estately/i18n/emails';
import { PermanentEmailError } from './email-errors.ts';
import { type EmailDocument, renderHtml, renderText } from './email-layout.ts';
import type { EmailJobPayload, EmailTemplate, EmailTemplateData } from './enqueue-email.ts';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers the template needs (List-Unsubscribe for alerts). */
  headers: Record<string, string>;
}

export interface RenderEmailOptions {
  /** Public origin of the web app: relative links are resolved against it, account pages built on it. */
  publicWebUrl: string;
}

type Texts = (key: EmailKey, values?: Record<string, string | number>) => string;

/**
 * A link in an e-mail: absolute (mail clients have no base address) and http(s) only, so a
 * payload can never smuggle a `javascript:` or `data:` link into someone's inbox.
 */
export function absoluteLink(value: string, base: string): string {
  let url: URL;
  try {
    url = new URL(value, `${base}/`);
  } catch {
    throw new PermanentEmailError(`not a web address: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PermanentEmailError(`not an http(s) address: ${value}`);
  return url.href;
}

interface TemplateContext<T extends EmailTemplate> {
  locale: Locale;
  data: EmailTemplateData[T];
  t: Texts;
  link: (value: string) => string;
  web: string;
}

type Builder<T extends EmailTemplate> = (context: TemplateContext<T>) => {
  subject: string;
  greeting?: string;
  blocks: EmailDocument['blocks'];
  footer?: EmailDocument['footer'];
  headers?: Record<string, string>;
};

function button(t: Texts, label: string, url: string): EmailDocument['blocks'][number] {
  return { kind: 'button', label, url, fallback: (address) => t('link_fallback', { url: address }) };
}

/** The recovery page, offered when an account change was not the owner's doing. */
function recoveryUrl(web: string, locale: Locale): string {
  return `${web}/${locale}/auth/lost-password`;
}

const OFFER_KINDS = new Set(['sale_apartment', 'sale_house', 'rent_apartment', 'rent_house']);

/** "Apartment for sale, Vinohradská 12, Praha": the offer's kind in words and its address. */
function offerKindLine(t: Texts, offerType: string, propertyType: string, address: string): string {
  const kind = `${offerType}_${propertyType}`;
  return [OFFER_KINDS.has(kind) ? t(`message.offer.${kind}` as EmailKey) : null, address]
    .filter(Boolean)
    .join(', ');
}

const TEMPLATES: { [T in EmailTemplate]: Builder<T> } = {
  offer_message: ({ data, t, link, locale }) => {
    const kind = `${data.offer_type}_${data.property_type}`;
    const offerLine = [OFFER_KINDS.has(kind) ? t(`message.offer.${kind}` as EmailKey) : null, data.address]
      .filter(Boolean)
      .join(', ');
    const rows: Array<[string, string]> = [
      [t('message.from'), data.sender_name],
      [t('message.email'), data.sender_email],
    ];
    if (data.sender_phone) rows.push([t('message.phone'), data.sender_phone]);
    const subjectSuffix = data.address ? ` (${data.address})` : '';
    return {
      subject: `${t('message.subject')}${subjectSuffix}`,
      greeting: data.recipient_name ? t('greeting', { name: data.recipient_name }) : t('greeting_anonymous'),
      blocks: [
        { kind: 'paragraph', text: t('message.intro', { name: data.sender_name }) },
        ...(offerLine ? [{ kind: 'paragraph' as const, text: offerLine }] : []),
        { kind: 'quote', text: data.text },
        { kind: 'fields', rows },
        ...(data.tour_date
          ? [
              {
                kind: 'paragraph' as const,
                text: t('message.tour_date', { date: formatDateLong(data.tour_date, locale) }),
              },
            ]
          : []),
        ...(data.thread_url ? [button(t, t('message.reply_in_product'), link(data.thread_url))] : []),
        data.thread_url
          ? { kind: 'link' as const, label: t('message.view_offer'), url: link(data.offer_url) }
          : button(t, t('message.view_offer'), link(data.offer_url)),
        {
          kind: 'link',
          label: t('message.reply'),
          url: `mailto:${encodeURIComponent(data.sender_email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${t('message.subject')}${subjectSuffix}`)}`,
        },
      ],
      footer: [{ kind: 'paragraph', text: t('message.reason') }],
    };
  },
  lead_reply: ({ data, t, link }) => {
    const offerLine = offerKindLine(t, data.offer_type, data.property_type, data.address);
    return {
      subject: `${t('reply.subject')}${data.address ? ` (${data.address})` : ''}`,
      greeting: data.buyer_name ? t('greeting', { name: data.buyer_name }) : t('greeting_anonymous'),
      blocks: [
        {
          kind: 'paragraph',
          text: data.seller_name ? t('reply.intro', { name: data.seller_name }) : t('reply.intro_anonymous'),
        },
        ...(offerLine ? [{ kind: 'paragraph' as const, text: offerLine }] : []),
        { kind: 'quote', text: data.text },
        button(t, t('reply.button'), link(data.thread_url)),
        { kind: 'paragraph', text: t('reply.how') },
        { kind: 'link', label: t('message.view_offer'), url: link(data.offer_url) },
      ],
      footer: [{ kind: 'paragraph', text: t('reply.reason') }],
    };
  },
  lead_answer: ({ data, t, link }) => {
    const offerLine = offerKindLine(t, data.offer_type, data.property_type, data.address);
    return {
      subject: `${t('answer.subject')}${data.address ? ` (${data.address})` : ''}`,
      greeting: data.recipient_name ? t('greeting', { name: data.recipient_name }) : t('greeting_anonymous'),
      blocks: [
        { kind: 'paragraph', text: t('answer.intro', { name: data.buyer_name }) },
        ...(offerLine ? [{ kind: 'paragraph' as const, text: offerLine }] : []),
        { kind: 'quote', text: data.text },
        button(t, t('answer.button'), link(data.thread_url)),
      ],
      footer: [{ kind: 'paragraph', text: t('answer.reason') }],
    };
  },
  availability_check: ({ data, t, link, locale }) => {
    const offerLine = offerKindLine(t, data.offer_type, data.property_type, data.address);
    const date = (iso: string) => formatDateLong(iso.slice(0, 10), locale);
    return {
      subject: `${t('availability.subject')}${data.address ? ` (${data.address})` : ''}`,
      greeting: data.recipient_name ? t('greeting', { name: data.recipient_name }) : t('greeting_anonymous'),
      blocks: [
        { kind: 'paragraph', text: t('availability.intro', { date: date(data.updated_at) }) },
        ...(offerLine ? [{ kind: 'paragraph' as const, text: offerLine }] : []),
        button(t, t('availability.available'), link(data.available_url)),
        button(t, t('availability.sold'), link(data.sold_url)),
        {
          kind: 'paragraph',
          text: t('availability.consequence', {
            unconfirmed_date: date(data.unconfirmed_at),
            withdraw_date: date(data.withdraw_at),
          }),
        },
        { kind: 'link', label: t('message.view_offer'), url: link(data.offer_url) },
        { kind: 'link', label: t('availability.own_offers'), url: link(data.offers_url) },
      ],
      footer: [{ kind: 'paragraph', text: t('availability.reason') }],
    };
  },
  availability_withdrawn: ({ data, t, link, locale }) => {
    const offerLine = offerKindLine(t, data.offer_type, data.property_type, data.address);
    return {
      subject: `${t('withdrawn.subject')}${data.address ? ` (${data.address})` : ''}`,
      greeting: data.recipient_name ? t('greeting', { name: data.recipient_name }) : t('greeting_anonymous'),
      blocks: [
        {
          kind: 'paragraph',
          text: t('withdrawn.intro', { date: formatDateLong(data.asked_at.slice(0, 10), locale) }),
        },
        ...(offerLine ? [{ kind: 'paragraph' as const, text: offerLine }] : []),
        button(t, t('withdrawn.button'), link(data.offers_url)),
      ],
      footer: [{ kind: 'paragraph', text: t('withdrawn.reason') }],
    };
  },
  // A shared search board's invitation (issue 44 point 3, decision 071).
  board_invitation: ({ data, t, link }) => ({
    subject: t('board.subject', { name: data.inviter_name, board: data.board_name }),
    greeting: t('greeting_anonymous'),
    blocks: [
      { kind: 'paragraph', text: t('board.intro', { name: data.inviter_name, board: data.board_name }) },
      { kind: 'paragraph', text: t('board.what') },
      button(t, t('board.button'), link(data.accept_url)),
      { kind: 'paragraph', text: t('board.expiry', { days: data.expires_in_days }) },
    ],
    footer: [{ kind: 'paragraph', text: t('board.ignore') }],
  }),
  confirm_email: ({ data, t, link }) => ({
    subject: t('confirm.subject'),
    blocks: [
      { kind: 'paragraph', text: t('confirm.intro') },
      button(t, t('confirm.button'), link(data.confirmUrl)),
      { kind: 'paragraph', text: t('confirm.expiry', { hours: data.expiresInHours }) },
      { kind: 'paragraph', text: t('confirm.ignore') },
    ],
  }),
  change_email: ({ data, t, link }) => ({
    subject: t('change.subject'),
    blocks: [
      { kind: 'paragraph', text: t('change.intro', { email: data.newEmail }) },
      button(t, t('change.button'), link(data.confirmUrl)),
      { kind: 'paragraph', text: t('change.expiry', { hours: data.expiresInHours }) },
      { kind: 'paragraph', text: t('change.ignore') },
    ],
  }),
  email_changed: ({ data, t, web, locale }) => ({
    subject: t('changed.subject'),
    blocks: [
      { kind: 'paragraph', text: t('changed.intro', { email: data.newEmail }) },
      { kind: 'paragraph', text: t('changed.not_you') },
      button(t, t('security.button'), recoveryUrl(web, locale)),
    ],
  }),
  reset_password: ({ data, t, link }) => ({
    subject: t('reset.subject'),
    blocks: [
      { kind: 'paragraph', text: t('reset.intro') },
      button(t, t('reset.button'), link(data.resetUrl)),
      { kind: 'paragraph', text: t('reset.expiry', { hours: data.expiresInHours }) },
      { kind: 'paragraph', text: t('reset.ignore') },
    ],
  }),
  password_changed: ({ data, t, web, locale }) => ({
    subject: t('password_changed.subject'),
    blocks: [
      // Times in e-mails are UTC: the worker does not know the reader's time zone.
      {
        kind: 'paragraph',
        text: t('password_changed.intro', {
          date: `${formatDateTime(new Date(data.changedAt), locale)} UTC`,
        }),
      },
      { kind: 'paragraph', text: t('password_changed.not_you') },
      button(t, t('security.button'), recoveryUrl(web, locale)),
    ],
  }),
  saved_search_alert: ({ data, t, link, web, locale }) => {
    const count = data.offers.length;
    const unsubscribe = link(data.unsubscribeUrl);
    return {
      subject: t('watchdog.subject', { count, name: data.searchName }),
      blocks: [
        { kind: 'paragraph', text: t('watchdog.intro', { count, name: data.searchName }) },
        {
          kind: 'offers',
          offers: data.offers.map((offer) => ({
            title: offer.title,
            price: offer.price,
            url: link(offer.url),
            photoUrl: offer.photoUrl ? link(offer.photoUrl) : null,
            // A new offer needs no note: the digest is about new offers unless a line says otherwise.
            ...(offer.kind && offer.kind !== 'new' ? { note: t(`alert.${offer.kind}`) } : {}),
          })),
        },
        button(t, t('watchdog.button'), link(data.searchUrl)),
      ],
      footer: [
        { kind: 'paragraph', text: t('watchdog.reason') },
        { kind: 'link', label: t('watchdog.manage'), url: `${web}/${locale}/account/watch-dogs` },
        { kind: 'link', label: t('unsubscribe'), url: unsubscribe },
      ],
      // Mail clients show their own unsubscribe control for bulk mail (RFC 2369); the address
      // also takes a one-click POST (RFC 8058, saved-searches unsubscribe).
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  },
  favorite_alert: ({ data, t, link, web, locale }) => {
    const count = data.changes.length;
    const unsubscribe = link(data.unsubscribeUrl);
    return {
      subject: t('favorites.subject', { count }),
      blocks: [
        { kind: 'paragraph', text: t('favorites.intro', { count }) },
        {
          kind: 'offers',
          offers: data.changes.map((change) => ({
            title: change.title,
            price: change.price,
            url: link(change.url),
            photoUrl: change.photoUrl ? link(change.photoUrl) : null,
            note:
              change.change === 'price_drop' && change.oldPrice
                ? t('favorites.price_drop', { old: change.oldPrice, new: change.price })
                : t(`alert.${change.change}`),
          })),
        },
        button(t, t('favorites.button'), link(data.favoritesUrl)),
      ],
      footer: [
        { kind: 'paragraph', text: t('favorites.reason') },
        {
          kind: 'link',
          label: t('favorites.settings'),
          url: `${web}/${locale}/account/settings/notifications`,
        },
        { kind: 'link', label: t('unsubscribe'), url: unsubscribe },
      ],
      // One click turns the account's favourite alerts off (RFC 8058), as for watch-dogs.
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  },
};

/** Subject, HTML and plain text of a queued e-mail in the recipient's locale. */
export function renderEmail(payload: EmailJobPayload, options: RenderEmailOptions): RenderedEmail {
  const { locale } = payload;
  const web = options.publicWebUrl.replace(/\/+$/, '');
  const t: Texts = (key, values) => formatEmailText(locale, key, values);
  const build = TEMPLATES[payload.template] as Builder<EmailTemplate>;
  const built = build({ locale, data: payload.data, t, link: (value) => absoluteLink(value, web), web });
  const document: EmailDocument = {
    locale,
    subject: built.subject,
    greeting: built.greeting ?? t('greeting_anonymous'),
    blocks: built.blocks,
    signOff: t('sign_off'),
    team: t('team'),
    footer: built.footer ?? [],
  };
  return {
    subject: document.subject,
    html: renderHtml(document),
    text: renderText(document),
    headers: built.headers ?? {},
  };
}
