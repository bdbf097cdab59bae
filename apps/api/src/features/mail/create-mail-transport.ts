import type { Db } from '@estately/db';
import type { Config } from '../../config.ts';
import { createDevMailboxTransport } from './create-dev-mailbox-transport.ts';
import { createSmtpTransport } from './create-smtp-transport.ts';
import type { MailTransport } from './mail-transport.ts';

/** SMTP when SMTP_URL is set, otherwise the embedded dev mailbox. */
export function createMailTransport(config: Pick<Config, 'smtpUrl'>, db: Db): MailTransport {
  return config.smtpUrl ? createSmtpTransport({ url: config.smtpUrl }) : createDevMailboxTransport(db);
}
