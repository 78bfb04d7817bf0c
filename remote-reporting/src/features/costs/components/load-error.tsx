import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';

/** What failed to load, the server's reason (spec §8's message order, already applied by the API client), and Retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}
