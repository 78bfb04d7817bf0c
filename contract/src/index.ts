// The contract is tiny and side-effect free, so one entry point costs no bundle size.
export * from './api-envelope';
export * from './auth';
export * from './calls';
export * from './costs';
export * from './date-presets';
export * from './dispositions';
export * from './endpoints';
export * from './limits';
export * from './payment-validation';
export * from './record-columns';
export * from './users';
export * from './validation';
