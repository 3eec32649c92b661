import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export interface OutgoingEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Hands one email on; throws when it could not (the outbox tries again later). */
export type SendEmail = (email: OutgoingEmail) => Promise<void>;

/**
 * Through SMTP when SMTP_URL is set. Without it the email is written to EMAIL_DIR as a .eml file
 * (any mail program opens one) and its subject logged, so a newcomer reads what would have gone out.
 */
export function createMailer(config: Config["email"], log: FastifyBaseLogger): { send: SendEmail; close(): void } {
  const transport = config.smtpUrl
    ? // Pooled: one connection carries many emails (a new one costs about 100 ms).
      nodemailer.createTransport({
        url: config.smtpUrl,
        pool: true,
        // An email takes at most about a minute, well inside the outbox's lease of a batch.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const message = (email: OutgoingEmail) => ({
    from: config.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
  });
  if (config.smtpUrl) {
    return {
      send: async (email) => {
        await transport.sendMail(message(email));
      },
      close: () => transport.close(),
    };
  }
  return {
    send: async (email) => {
      const info = (await transport.sendMail(message(email))) as { message: Buffer };
      await mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${email.id}.eml`);
      await writeFile(file, info.message);
      log.info({ to: email.to, subject: email.subject, file }, "email written (SMTP_URL is not set)");
    },
    close: () => transport.close(),
  };
}
