// The contract is tiny and side-effect free, and its one dependency (luxon) is shared by every front end
// already, so one entry point costs no bundle size.
export * from './api-envelope';
export * from './auth';
export * from './calls';
export * from './costs';
export * from './date-presets';
export * from './date-range';
export * from './dispositions';
export * from './endpoints';
export * from './id-list';
export * from './limits';
export * from './new-york-time';
export * from './payment-validation';
export * from './record-columns';
export * from './remotes';
export * from './users';
export * from './validation';
