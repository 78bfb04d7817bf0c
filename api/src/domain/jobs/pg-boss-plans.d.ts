/**
 * Statements of pg-boss 10.4.2 (src/plans.js, pinned in package.json) that pg-boss-database.ts recognises by
 * their text: the two pg-boss runs without awaiting them, and the two that make and drop a queue's
 * partition. pg-boss ships no types for this file.
 */
declare module 'pg-boss/src/plans' {
  export function createQueue(schema: string): string;
  export function deleteQueue(schema: string): string;
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
