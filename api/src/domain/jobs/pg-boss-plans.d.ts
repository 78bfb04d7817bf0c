/**
 * The two statements of pg-boss 10.4.2 (src/plans.js, pinned in package.json) that it runs without awaiting
 * them; pg-boss-database.ts recognises them by their text. pg-boss ships no types for this file.
 */
declare module 'pg-boss/src/plans' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
