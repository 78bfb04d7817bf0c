// The contract is tiny and side-effect free, so one entry point costs no bundle size.
export * from './api-envelope';
export * from './auth';
export * from './limits';
export * from './users';
export * from './validation';
