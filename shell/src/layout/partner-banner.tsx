import { filterOptionsPath, partnerBanner, type PartnerScope } from '@callboard/contract';
import { exitViewAs } from '@callboard/shared-auth/auth-actions';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { useApiFetch, useSession } from '@callboard/shared-auth/use-session';
import { Button } from '@callboard/shared-ui/button';
import { useNavigate } from '@callboard/shared-router';
import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { paths } from '../app/paths';
import { readPickerOptions } from '../filters/picker-options';

/** Where the banner reads its sources' names: the picker of the partner's own kind, which answers only its own. */
const SCOPE_DIMENSION = { publisher: 'publishers', buyer: 'buyers' } as const;

/**
 * The names of the partner's publishers (or buyers), in the scope's order, from the picker with exactly
 * those ids; each id stands for itself until they arrive (or if the question fails).
 */
export function useScopeNames(scope: PartnerScope | null): string[] {
  const apiFetch = useApiFetch();
  const key = scope ? `${scope.kind}:${scope.ids.join(',')}` : '';
  const [named, setNamed] = useState<{ key: string; names: Map<string, string> }>({ key: '', names: new Map() });

  useEffect(() => {
    if (!scope || scope.ids.length === 0) return;
    const controller = new AbortController();
    const dimension = SCOPE_DIMENSION[scope.kind];
    apiFetch<unknown>(filterOptionsPath(dimension), { query: { ids: scope.ids.join(',') }, signal: controller.signal })
      .then((body) => {
        if (controller.signal.aborted) return;
        setNamed({ key, names: new Map(readPickerOptions(body, dimension).map((option) => [option.value, option.label])) });
      })
      .catch(() => {
        // The banner keeps the ids: the scope it states is still true.
      });
    return () => controller.abort();
    // The key holds everything of the scope the question depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiFetch, key]);

  if (!scope) return [];
  const names = named.key === key ? named.names : new Map<string, string>();
  return scope.ids.map((id) => names.get(String(id)) ?? `#${id}`);
}

/**
 * The line under the top bar naming whose calls a partner reads: "Blue Lead Co — publisher partner — calls
 * since 2026-10-01". While an admin views as a partner it says so, read-only, with Exit back to User
 * Management as themselves. Nothing for the network's own people.
 */
export function PartnerBanner() {
  const { partner } = useScreenAccess();
  const { user } = useSession();
  const names = useScopeNames(partner);
  // Here rather than in the button: the banner stays mounted (drawing nothing) once the admin is back, to lead them on.
  const exit = useExitViewAs();
  if (!partner || !user) return null;
  const scope = partnerBanner(names, partner);
  if (!user.viewAsBy) {
    return (
      <div className="partner-banner" role="note" aria-label="Your scope">
        {scope}
      </div>
    );
  }
  return (
    <div className="partner-banner partner-banner--view-as" role="note" aria-label="Viewing as a partner">
      <span className="partner-banner__text">
        Viewing as {user.name || user.email} (read-only) — {scope}
      </span>
      <Button size="sm" variant="secondary" busy={exit.busy} onClick={exit.run}>
        Exit
      </Button>
    </div>
  );
}

/** Ends viewing as a partner and leads the admin, as themselves again, back to User Management. */
function useExitViewAs(): { busy: boolean; run: () => void } {
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void exitViewAs(store).then((result) => {
      setBusy(false);
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      toast.success(result.message);
      void navigate(paths.users, { replace: true });
    });
  };
  return { busy, run };
}
