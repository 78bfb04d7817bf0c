import { API_PATHS, type ApiSuccess, type RegistrationStatus } from '@callboard/contract';
import { sendRequest } from '@callboard/shared-auth/http-request';
import { useCallback, useEffect, useState } from 'react';

/**
 * What the register screen shows: nothing yet, the form, the form with a Setup token field (the
 * first account, which becomes admin), or "Registration is closed".
 */
export type Registration = 'checking' | 'open' | 'setup-token' | 'closed';

/** Past this the form shows anyway: a slow answer must not keep someone from a screen that may work. */
const STATUS_TIMEOUT_MS = 5_000;

/**
 * Asks the API whether registration is open (GET /api/auth/registration) each time the
 * register screen opens: on PostgreSQL it closes once the first account exists, and the
 * first account there needs the setup token the server printed. Only a clear "closed" hides the form; an answer that fails shows it, and the server still
 * decides when the form is sent.
 *
 * Not through SWR: the answer is not data to keep, and the cache is emptied whenever
 * nobody is signed in (app-providers.tsx), which would drop an answer in flight.
 */
export function useRegistration(): [Registration, { markClosed: () => void }] {
  const [registration, setRegistration] = useState<Registration>('checking');
  useEffect(() => {
    const controller = new AbortController();
    sendRequest<ApiSuccess<RegistrationStatus> | null>(API_PATHS.registration, { signal: controller.signal, timeoutMs: STATUS_TIMEOUT_MS }, null).then(
      ({ data }) => setRegistration(data?.data?.open === false ? 'closed' : data?.data?.setupTokenRequired === true ? 'setup-token' : 'open'),
      () => {
        if (!controller.signal.aborted) setRegistration('open');
      },
    );
    return () => controller.abort();
  }, []);
  // A form sent and refused as closed (it closed since the screen asked, or the answer never came).
  const markClosed = useCallback(() => setRegistration('closed'), []);
  return [registration, { markClosed }];
}
