import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Arrivals } from "./arrivals.ts";

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail["headers"];
  /** Each header as it was written, by its lower-case name: mailparser folds the List-* ones together. */
  rawHeaders: Map<string, string>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it keeps what it receives, and while `refusing` it
 * answers every message with a temporary failure (451), as a server that is down for a while would.
 */
export async function startSmtpServer() {
  const arrivals = new Arrivals<ReceivedEmail>();
  const received = arrivals.items;
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        refused += 1;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          arrivals.push({
            to: to?.value[0]?.address ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            headers: mail.headers,
            // Unfolded: a long header goes on over several lines, each after the first starting with a space.
            rawHeaders: new Map(mail.headerLines.map(({ key, line }) => [key, line.replace(/\r?\n(?=[ \t])/g, "")])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    setRefusing(value: boolean) {
      refusing = value;
    },
    /** The first email (already here or still to come) that matches; fails after `timeoutMs`. */
    waitFor: (match: (email: ReceivedEmail) => boolean, timeoutMs = 10_000) =>
      arrivals.first(match, { timeoutMs, what: "email" }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const link = email.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${email.text}`);
  return link;
}
