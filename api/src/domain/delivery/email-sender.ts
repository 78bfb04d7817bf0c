/**
 * Sends a rendered email: over SMTP to SMTP_URL, or, without one, into the outbox folder (outbox.ts). The MIME
 * message goes as it was rendered when queued, so a retry or a replay is the same message (same Message-ID).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { AttemptOutcome } from './attempt-outcome';
import { addressOf } from './delivery-settings';
import type { RenderedEmail } from './message-rendering';
import { writeToOutbox } from './outbox';

export interface EmailSender {
  send(deliveryId: string, email: RenderedEmail): Promise<AttemptOutcome>;
}

/** How long the mail server may take to accept a connection, to greet, and between two of its answers. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function emailSender(settings: { smtpUrl: string | undefined; outboxDir: string }): EmailSender {
  if (!settings.smtpUrl) {
    return {
      async send(deliveryId, email) {
        await writeToOutbox(settings.outboxDir, deliveryId, email);
        return { sent: true, statusCode: null, error: null };
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(_deliveryId, email) {
      try {
        const info = await transport.sendMail({ envelope: { from: addressOf(email.summary.from), to: [email.summary.to] }, raw: email.mime });
        return { sent: true, statusCode: Number.parseInt(String(info.response), 10) || 250, error: null };
      } catch (error) {
        const { responseCode, message } = error as { responseCode?: number; message?: string };
        return { sent: false, statusCode: typeof responseCode === 'number' ? responseCode : null, error: message ?? String(error) };
      }
    },
  };
}
