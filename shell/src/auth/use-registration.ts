import { API_PATHS, type ApiSuccess, type RegistrationStatus } from '@callboard/contract';
import { sendRequest } from '@callboard/shared-auth/http-request';
import { useEffect, useState } from 'react';

/** What the register screen shows: nothing yet, the form, or "Registration is closed". */
export type Registration = 'checking' | 'open' | 'closed';

/** Past this the form shows anyway: a slow answer must not keep someone from a screen that may work. */
const STATUS_TIMEOUT_MS = 5_000;

/**
 * Asks the API whether registration is open (GET /api/auth/registration) each time the
 * register screen opens: on PostgreSQL it closes once the first account exists. Only a
 * clear "closed" hides the form; an answer that fails shows it, and the server still
 * decides when the form is sent.
 *
 * Not through SWR: the answer is not data to keep, and the cache is emptied whenever
 * nobody is signed in (app-providers.tsx), which would drop an answer in flight.
 */
export function useRegistration(): Registration {
  const [registration, setRegistration] = useState<Registration>('checking');
  useEffect(() => {
    const controller = new AbortController();
    sendRequest<ApiSuccess<RegistrationStatus> | null>(API_PATHS.registration, { signal: controller.signal, timeoutMs: STATUS_TIMEOUT_MS }, null).then(
      ({ data }) => setRegistration(data?.data?.open === false ? 'closed' : 'open'),
      () => {
        if (!controller.signal.aborted) setRegistration('open');
      },
    );
    return () => controller.abort();
  }, []);
  return registration;
}
