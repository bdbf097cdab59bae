import { escapeHtml } from './email-layout.ts';
import type { DevMail } from './get-dev-mail.ts';
import type { DevMailSummary } from './list-dev-mail.ts';

// The dev mailbox pages: plain server-rendered HTML without any script, so they live with a
// strict Content-Security-Policy. A mail's own HTML is shown in a sandboxed iframe (srcdoc):
// no scripts, no same-origin access, no forms; its links are listed below it to click.

/**
 * The pages' policy. srcdoc frames inherit it, so it also governs the mail shown inside: inline
 * styles (e-mails are inline-styled) and remote images are allowed, scripts are not.
 */
export const DEV_MAILBOX_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src http: https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `
body{font-family:system-ui,Arial,sans-serif;margin:0;padding:24px;color:#1f2933;background:#f4f5f7}
main{max-width:960px;margin:0 auto}
h1{font-size:22px;margin:0 0 8px}
p.note{color:#52606d;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:start;padding:8px 12px;border-bottom:1px solid #e4e7eb;vertical-align:top}
a{color:#0b5cab}
iframe{width:100%;height:640px;border:1px solid #cbd2d9;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #cbd2d9}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function time(date: Date): string {
  return escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19));
}

export function renderDevMailboxList(mails: DevMailSummary[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${time(mail.createdAt)} UTC</td><td>${escapeHtml(mail.to)}</td>` +
        `<td dir="auto"><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a></td></tr>`,
    )
    .join('\n');
  return page(
    'Dev mailbox · Estately',
    `<h1>Dev mailbox</h1>
<p class="note">E-mails the API sent while no SMTP_URL is configured, newest first. Development only.</p>
${
  mails.length === 0
    ? '<p>No e-mails yet.</p>'
    : `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
  );
}

/** Web addresses a mail links to, in order, once each. */
export function linksOf(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) {
    // The mail's HTML escapes its attributes; show and follow the real address.
    links.add(match[1]!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'"));
  }
  return [...links];
}

export function renderDevMail(mail: DevMail): string {
  const headers: Array<[string, string]> = [
    ['From', mail.fromAddress],
    ['To', mail.toAddress],
    ['Subject', mail.subject],
    ['Sent', mail.createdAt.toISOString()],
    ...Object.entries(mail.headers ?? {}),
  ];
  const headerRows = headers
    .map(
      ([name, value]) =>
        `<tr><th scope="row">${escapeHtml(name)}</th><td dir="auto">${escapeHtml(String(value))}</td></tr>`,
    )
    .join('\n');
  const links = linksOf(mail.html ?? '');
  return page(
    `${mail.subject} · Dev mailbox`,
    `<p><a href="/dev/mailbox">← All e-mails</a></p>
<h1 dir="auto">${escapeHtml(mail.subject)}</h1>
<table>${headerRows}</table>
${
  mail.html
    ? `<h2>HTML</h2><iframe title="${escapeHtml(mail.subject)}" sandbox="" srcdoc="${escapeHtml(mail.html)}"></iframe>`
    : ''
}
${
  links.length > 0
    ? `<h2>Links</h2><ul>${links.map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`).join('')}</ul>`
    : ''
}
${mail.text ? `<h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>` : ''}`,
  );
}
