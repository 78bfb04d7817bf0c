/**
 * One outbound message as its producer (an alert, a scheduled report, an outbound event, a test) hands it to the
 * delivery mechanism (delivery-service.ts); each channel renders it its own way (message-rendering.ts).
 */
import type { DeliverySourceKind } from '@callboard/contract/delivery';

export interface OutboundMessage {
  /** What produced it, for the log and links. */
  source: { kind: DeliverySourceKind; id: string };
  subject: string;
  text: string;
  /** Email only: the HTML body (the text's paragraphs when absent); the link is added below it. */
  html?: string;
  /** Path and query of the view it is about; made absolute with PUBLIC_URL. */
  link: string;
  /** Email only. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** Email only: header lines of the producer's own, e.g. a scheduled report's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Webhooks: the event type and JSON body (Standard Webhooks `type` and `data`); without it a webhook gets
   * type `message` and the subject, text, absolute link and source. Slack gets subject, text and link.
   */
  event?: { type: string; payload: object };
  /** Deliveries to one endpoint with the same key are sent strictly in order (issue 37: per call). */
  orderingKey?: string;
}
