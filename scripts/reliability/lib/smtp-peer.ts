// A real SMTP peer on 127.0.0.1 (smtp-server + mailparser) whose answer can be switched: accept
// (250), or a temporary failure (451) as a mail server under maintenance gives. `onAccepted`
// runs right after a message got its 250, which is where a crash hurts most.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface PeerMail {
  to: string[];
  subject: string;
  text: string;
  messageId: string;
}

export interface SmtpPeer {
  url: string;
  mode: 'accept' | 'tempfail';
  received: PeerMail[];
  tempFailures: number;
  onAccepted: ((mail: PeerMail) => void) | undefined;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    url: '',
    mode: 'accept',
    received: [],
    tempFailures: 0,
    onAccepted: undefined,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed: ParsedMail) => {
          if (peer.mode === 'tempfail') {
            peer.tempFailures += 1;
            callback(
              Object.assign(new Error('4.3.2 Service temporarily unavailable, try again later'), {
                responseCode: 451,
              }),
            );
            return;
          }
          const mail: PeerMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: `${parsed.text ?? ''}\n${typeof parsed.html === 'string' ? parsed.html : ''}`,
            messageId: parsed.messageId ?? '',
          };
          peer.received.push(mail);
          callback();
          // After the 250 has been written to the socket.
          setImmediate(() => peer.onAccepted?.(mail));
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  peer.url = `smtp://127.0.0.1:${port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
