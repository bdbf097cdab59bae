import { type DbOrTx, offerMessages, scamFlags } from '@estately/db';
import { messageScamVerdict } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { type EmailJobPayload, type EmailTemplate, enqueueEmail } from '../mail/enqueue-email.ts';

/** The host of the portal's web address: links to the portal itself are never a finding. */
function ownHosts(webOrigin: string): string[] {
  try {
    return [new URL(webOrigin).hostname.toLowerCase()];
  } catch {
    return [];
  }
}

/**
 * Runs the message rules on a message just stored (a visitor's first message, a buyer's answer,
 * a seller's reply), in the caller's transaction, and sends or holds the e-mail that carries it
 * (docs/decisions/067). A verdict at the flag threshold is queued for the admins; at the hold
 * threshold the message is held: kept from its recipient's view of the thread and its e-mail
 * kept in the flag row, queued as it was when an admin releases it. Otherwise the e-mail is
 * queued at once, as it always was.
 */
export async function sendOrHoldMessageEmail<T extends EmailTemplate>(
  tx: DbOrTx,
  message: { id: number; propertyId: number; authorUserId: number | null; text: string; webOrigin: string },
  email: EmailJobPayload<T>,
  dedupeKey: string,
): Promise<{ held: boolean }> {
  const verdict = messageScamVerdict(message.text, ownHosts(message.webOrigin));
  if (verdict.flagged) {
    await tx.insert(scamFlags).values({
      subject: 'message',
      propertyId: message.propertyId,
      messageId: message.id,
      authorUserId: message.authorUserId,
      score: verdict.score,
      reasons: verdict.reasons,
      held: verdict.held,
      heldEmail: verdict.held ? { email: { ...email } as Record<string, unknown>, dedupeKey } : null,
    });
  }
  if (verdict.held) {
    await tx.update(offerMessages).set({ heldAt: sql`now()` }).where(eq(offerMessages.id, message.id));
    return { held: true };
  }
  await enqueueEmail(tx, email, { dedupeKey });
  return { held: false };
}
