import { type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** SMTP_URL for the app. */
  url: string;
  /** Every mail the server accepted, parsed, in arrival order. */
  received: ParsedMail[];
  /** Every DATA command, refused ones included. */
  readonly deliveries: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server), no TLS, no auth. `refuseFirst` deliveries are
 * answered with a temporary failure (451), as a greylisting or overloaded server would;
 * `refuseRecipient` is always refused (550, no such mailbox).
 */
export async function startSmtpServer(
  options: { refuseFirst?: number; refuseRecipient?: string } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let deliveries = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuseRecipient) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      deliveries += 1;
      if (deliveries <= (options.refuseFirst ?? 0)) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get deliveries() {
      return deliveries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
