import type { OutgoingEmail } from './mail-transport.ts';

/** At most this many links of a mail are printed (a digest lists many offers). */
const MAX_LINKS = 6;

// Control characters (C0, DEL, C1) could move the cursor or recolour the operator's terminal;
// subjects and addresses may carry text someone else typed (a visitor's message).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * What `npm start` prints for a mail when there is no SMTP_URL (decision 013, addendum of issue
 * 37): recipient, subject and the links of its plain text (confirm, reset, unsubscribe), so a
 * demo can complete sign-up and recovery with nothing served to anyone else.
 */
export function describeMailForConsole(email: Pick<OutgoingEmail, 'to' | 'subject' | 'text'>): string {
  const clean = (text: string) => text.replace(CONTROL, '?');
  const links = [...new Set(email.text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
  const shown = links.slice(0, MAX_LINKS).map((link) => `  ${clean(link)}`);
  if (links.length > MAX_LINKS) shown.push(`  (${links.length - MAX_LINKS} more links)`);
  return [`[mail] to ${clean(email.to)}: ${clean(email.subject)}`, ...shown].join('\n');
}
