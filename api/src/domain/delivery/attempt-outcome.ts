/** What one try at sending a delivery came to, whatever the channel. */
export interface AttemptOutcome {
  sent: boolean;
  /** The HTTP status or the SMTP reply code; null when none came (a timeout, a refused connection, the outbox). */
  statusCode: number | null;
  /** Why it failed, as the log shows it; null when sent. */
  error: string | null;
}
