/**
 * A message rendered for its channel, once, when it is queued: what is stored is what goes on the wire, so every
 * retry and replay sends the same bytes (and the same Message-ID or webhook-id).
 */
import nodemailer from 'nodemailer';
import type { OutboundMessage } from './outbound-message';
import { addressOf } from './delivery-settings';

/** A webhook's body in the Standard Webhooks shape: `type`, `timestamp` (when the event happened), `data`. */
export function renderWebhookBody(message: OutboundMessage, link: string, createdAt: Date): string {
  const event = message.event ?? { type: 'message', payload: { subject: message.subject, text: message.text, link, source: message.source } };
  return JSON.stringify({ type: event.type, timestamp: createdAt.toISOString(), data: event.payload });
}

/** Slack's own limits on a header block's text and a section's. */
const SLACK_HEADER_MAX = 150;
const SLACK_SECTION_MAX = 3000;

/** Slack reads &, < and > as its own markup in text (https://api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * An incoming webhook's body: `text` for notifications and clients without blocks, `blocks` for the message
 * itself: the subject as a header, the text, and a button to the view it is about.
 */
export function renderSlackBody(message: OutboundMessage, link: string): string {
  return JSON.stringify({
    text: cut(`${slackEscape(message.subject)}: ${slackEscape(message.text)} <${link}|Open in Callboard>`, SLACK_SECTION_MAX),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(message.subject, SLACK_HEADER_MAX), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(slackEscape(message.text), SLACK_SECTION_MAX) } },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Callboard' }, url: link }] },
    ],
  });
}

/** What the outbox shows of an email without reading its MIME again. */
export interface EmailSummary {
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** An email as stored in a delivery's payload: the MIME message sent as it is, and its summary for the outbox. */
export interface RenderedEmail {
  mime: string;
  summary: EmailSummary;
}

const htmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The text's paragraphs (blank-line separated) as HTML, lines kept. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${htmlEscape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Renders nodemailer's MIME without sending it anywhere (its stream transport, buffered). */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

export async function renderEmail(options: { id: string; from: string; to: string; message: OutboundMessage; link: string; date: Date }): Promise<RenderedEmail> {
  const { message, link } = options;
  const text = `${message.text}\n\nOpen in Callboard: ${link}\n`;
  const html = `${message.html ?? paragraphs(message.text)}\n<p><a href="${htmlEscape(link)}">Open in Callboard</a></p>\n`;
  const domain = addressOf(options.from).split('@')[1] ?? 'localhost';
  const info = await composer.sendMail({
    from: options.from,
    to: options.to,
    subject: message.subject,
    text,
    html,
    date: options.date,
    messageId: `<${options.id}@${domain}>`,
    ...(message.headers ? { headers: message.headers } : {}),
    attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  });
  return {
    mime: (info.message as Buffer).toString('utf8'),
    summary: {
      from: options.from,
      to: options.to,
      subject: message.subject,
      date: options.date.toISOString(),
      text,
      html,
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
    },
  };
}
