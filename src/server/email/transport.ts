import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/**
 * nodemailer's transporter, made on the first email: loading nodemailer costs the server's start
 * tens of milliseconds, and most starts send nothing for a while.
 */
function lazyTransporter(make: (mailer: (typeof import('nodemailer'))['default']) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((m) => make(m.default))),
    close: () => void made?.then((t) => t.close()).catch(() => {}),
  };
}

/** One email, as the outbox holds it. */
export type Mail = { to: string; subject: string; text: string; html: string; id: string };

export type MailTransport = {
  /** Delivers or throws (the worker retries later). */
  send(mail: Mail): Promise<void>;
  /** For the start banner. */
  describe: string;
  close(): void;
};

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://...:465). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never),
  );
  const u = new URL(smtpUrl);
  return {
    describe: `SMTP ${u.protocol}//${u.hostname}:${u.port || (u.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      await (
        await transporter.get()
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@locora>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP: each email is written as `<id>.eml` under `dir` (openable by any mail client). */
export function createFileTransport(dir: string, from: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    describe: `written as .eml files to ${dir}`,
    async send(mail) {
      const info = await (
        await transporter.get()
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@locora>`,
      });
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      // Written whole under a temporary name, then renamed: a reader never sees half a file.
      await fs.promises.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.promises.rename(`${file}.tmp`, file);
    },
    close: () => {},
  };
}

export const DEFAULT_MAIL_FROM = 'Locora <no-reply@locora.local>';

export function createMailTransport(config: {
  mail: { smtpUrl: string; from: string } | undefined;
  outboxDir: string;
}): MailTransport {
  return config.mail
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
    : createFileTransport(config.outboxDir, DEFAULT_MAIL_FROM);
}
