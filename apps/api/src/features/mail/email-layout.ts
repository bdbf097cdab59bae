import { type Locale, textDirection } from '@estately/domain';
import { localeData } from '@estately/i18n';

// One layout for every e-mail, drawn twice from the same blocks: HTML (simple, inline-styled,
// readable without images or CSS support, logical alignment so Arabic reads right to left) and
// plain text. Every value is escaped here, so templates hand in raw text only.

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  /** A call to action; the HTML version repeats the address for clients that hide buttons. */
  | { kind: 'button'; label: string; url: string; fallback: (url: string) => string }
  | { kind: 'fields'; rows: Array<[label: string, value: string]> }
  | { kind: 'quote'; text: string }
  | {
      kind: 'offers';
      /** `note` says what changed (alerts, issue 44 point 2): "Price reduced", "Reserved". */
      offers: Array<{ title: string; url: string; price: string; photoUrl: string | null; note?: string }>;
    }
  | { kind: 'link'; label: string; url: string };

export interface EmailDocument {
  locale: Locale;
  subject: string;
  greeting: string;
  blocks: EmailBlock[];
  signOff: string;
  team: string;
  /** Small print under the card: why the mail came, unsubscribe links. */
  footer: EmailBlock[];
}

const PRODUCT_NAME = 'Estately';
const COLORS = {
  text: '#1f2933',
  muted: '#52606d',
  brand: '#0b5cab',
  background: '#f4f5f7',
  card: '#ffffff',
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Line breaks of user text (a visitor's message) kept in HTML. */
function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}

function blockHtml(block: EmailBlock, small = false): string {
  const size = small ? `font-size:13px;color:${COLORS.muted};` : '';
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;${size}">${escapeHtml(block.text)}</p>`;
    case 'button': {
      const href = escapeHtml(block.url);
      // The fallback sentence carries the address itself; it is escaped, then the address is linked.
      const marker = '\u0000url\u0000';
      const fallback = escapeHtml(block.fallback(marker)).replace(
        escapeHtml(marker),
        `<a href="${href}" style="color:${COLORS.brand};word-break:break-all">${href}</a>`,
      );
      return (
        `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${COLORS.brand};color:#ffffff;` +
        `text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:${COLORS.muted}">${fallback}</p>`
      );
    }
    case 'fields':
      return (
        `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:start;padding:4px 16px 4px 0;color:${COLORS.muted};font-weight:normal;vertical-align:top">` +
              `${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'quote':
      return (
        `<blockquote style="margin:0 0 16px;padding:12px 16px;background:${COLORS.background};` +
        `border-inline-start:4px solid ${COLORS.brand}">${escapeMultiline(block.text)}</blockquote>`
      );
    case 'offers':
      return (
        `<ul style="list-style:none;margin:0 0 16px;padding:0">` +
        block.offers
          .map(
            (offer) =>
              `<li style="margin:0 0 16px">` +
              (offer.photoUrl
                ? `<a href="${escapeHtml(offer.url)}"><img src="${escapeHtml(offer.photoUrl)}" alt="" width="280" style="display:block;max-width:100%;height:auto;border-radius:6px;margin:0 0 8px"></a>`
                : '') +
              (offer.note
                ? `<strong style="display:block;margin:0 0 4px;color:${COLORS.text}">${escapeHtml(offer.note)}</strong>`
                : '') +
              `<a href="${escapeHtml(offer.url)}" style="color:${COLORS.brand};font-weight:bold">${escapeHtml(offer.title)}</a>` +
              `<br><span>${escapeHtml(offer.price)}</span></li>`,
          )
          .join('') +
        `</ul>`
      );
    case 'link':
      return `<p style="margin:0 0 8px;${size}"><a href="${escapeHtml(block.url)}" style="color:${COLORS.brand}">${escapeHtml(block.label)}</a></p>`;
  }
}

export function renderHtml(document: EmailDocument): string {
  const { tag } = localeData(document.locale);
  const dir = textDirection(document.locale);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(tag)}" dir="${dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(document.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.background}">`,
    `<div role="article" aria-label="${escapeHtml(document.subject)}" lang="${escapeHtml(tag)}" dir="${dir}" ` +
      `style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;` +
      `line-height:1.5;color:${COLORS.text};text-align:start">`,
    `<p style="margin:0 0 16px;font-size:22px;font-weight:bold;color:${COLORS.brand}">${PRODUCT_NAME}</p>`,
    `<div style="background:${COLORS.card};border-radius:8px;padding:24px">`,
    `<p style="margin:0 0 16px">${escapeHtml(document.greeting)}</p>`,
    ...document.blocks.map((block) => blockHtml(block)),
    `<p style="margin:24px 0 0">${escapeHtml(document.signOff)}<br>${escapeHtml(document.team)}</p>`,
    '</div>',
    `<div style="padding:16px 8px 0">`,
    ...document.footer.map((block) => blockHtml(block, true)),
    '</div>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}:\n${block.url}`;
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'offers':
      return block.offers
        .map(
          (offer) => `- ${offer.note ? `${offer.note}: ` : ''}${offer.title}, ${offer.price}\n  ${offer.url}`,
        )
        .join('\n');
    case 'link':
      // A mailto: link reads as the bare address in plain text.
      return block.url.startsWith('mailto:')
        ? `${block.label}: ${decodeURIComponent(block.url.slice('mailto:'.length).split('?')[0] ?? '')}`
        : `${block.label}: ${block.url}`;
  }
}

export function renderText(document: EmailDocument): string {
  return [
    document.greeting,
    ...document.blocks.map(blockText),
    `${document.signOff}\n${document.team}`,
    '--',
    ...document.footer.map(blockText),
  ]
    .join('\n\n')
    .concat('\n');
}
