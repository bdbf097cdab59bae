import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on 127.0.0.1 for the mail tests (issue 5: tests send through a real local
// SMTP peer and read what arrived), parsed with mailparser.

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` mails have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A port nothing listens on right now (the OS hands one out, we let it go again). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startSmtpServer(
  options: {
    port?: number;
    /** Recipients refused with 550 (a mailbox that does not exist). */
    refuse?: readonly string[];
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
