import type { DeliveryChannel, DeliveryStatus, DeliverySourceKind, EndpointKind } from '@callboard/contract/delivery';
import type { BadgeTone } from '@callboard/shared-ui/badge';

export const KIND_LABELS: Record<EndpointKind, string> = { webhook: 'Webhook', slack: 'Slack' };
export const CHANNEL_LABELS: Record<DeliveryChannel, string> = { email: 'Email', webhook: 'Webhook', slack: 'Slack' };
export const STATUS_LABELS: Record<DeliveryStatus, string> = { pending: 'Pending', retrying: 'Retrying', sent: 'Sent', failed: 'Failed' };
export const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: 'neutral', retrying: 'warning', sent: 'success', failed: 'danger' };
export const SOURCE_LABELS: Record<DeliverySourceKind, string> = { alert: 'Alert', report: 'Scheduled report', event: 'Event', test: 'Test' };
