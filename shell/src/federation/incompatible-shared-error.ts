/**
 * A remote refused because it needs another major of a shared singleton than
 * this page provides (shared-versions.ts decides; remote-area.tsx shows it).
 * Kept apart from the check so the area's boundary, which is part of the first
 * screen's code, does not bring the check with it.
 */
export interface SharedVersionConflict {
  /** The package (`@callboard/shared-auth`), also for a subpath the remote shares (`@callboard/shared-ui/button`). */
  packageName: string;
  /** What the remote needs (`^2.0.0`). */
  requiredVersion: string;
  /** What this page provides (`1.0.0`). */
  providedVersion: string;
}

export class IncompatibleSharedError extends Error {
  constructor(
    readonly remote: string,
    readonly conflicts: readonly SharedVersionConflict[],
  ) {
    super(
      `${remote} needs ${conflicts.map((c) => `${c.packageName} ${c.requiredVersion}`).join(', ')}, ` +
        `but this page provides ${conflicts.map((c) => `${c.packageName} ${c.providedVersion}`).join(', ')}`,
    );
    this.name = 'IncompatibleSharedError';
  }
}
