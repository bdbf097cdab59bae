import type { Db } from '@estately/db';
import type { Config } from '../../config.ts';
import {
  createDevMailboxTransport,
  type DevMailboxTransportOptions,
} from './create-dev-mailbox-transport.ts';
import { createSmtpTransport } from './create-smtp-transport.ts';
import type { MailTransport } from './mail-transport.ts';

/**
 * SMTP when SMTP_URL is set, otherwise, outside production, the embedded dev mailbox. In
 * production there is no fallback: a mail kept in the database reaches nobody while its job
 * counts as sent, so a worker without a mail server refuses to start (config.ts lists the
 * missing SMTP_URL first; this guards a configuration built by other means).
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'isProduction'>,
  db: Db,
  options: DevMailboxTransportOptions = {},
): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ url: config.smtpUrl });
  if (config.isProduction) {
    throw new Error(
      'no mail transport: SMTP_URL is required when NODE_ENV=production (no e-mail is kept undelivered)',
    );
  }
  return createDevMailboxTransport(db, options);
}
