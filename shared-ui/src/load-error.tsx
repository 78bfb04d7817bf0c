import { Alert } from './alert';
import { Button } from './button';
import { RefreshIcon } from './icons';

export interface LoadErrorProps {
  /** What failed, as a sentence ("Failed to load payments."); left out when the reason says it all. */
  title?: string;
  /** What was thrown, or a message already written for the person. */
  error: unknown;
  /** Repeats the failed request; without it there is no Retry button. */
  onRetry?: () => void;
  className?: string;
}

/**
 * The reason under a load error's title. The API client already turns a
 * failure into the server's message (or its own fallback), so only an error
 * without any message gets the generic text.
 */
export function loadErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  return error instanceof Error && error.message ? error.message : 'Unknown error occurred';
}

/** Data that failed to load: what failed, why, and Retry when the caller can repeat the request. */
export function LoadError({ title, error, onRetry, className }: LoadErrorProps) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      action={
        onRetry ? (
          <Button size="sm" icon={<RefreshIcon size={14} />} onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {loadErrorMessage(error)}
    </Alert>
  );
}
