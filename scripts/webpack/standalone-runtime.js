/**
 * What a remote's standalone page runs first (scripts/webpack/standalone-runtime-plugin.js): the
 * federation runtime, under the global name that `experiments.externalRuntime` builds read it
 * from. Inside the shell this file never runs: the shell's `provideExternalRuntime` sets the same
 * global from its own copy.
 */
globalThis._FEDERATION_RUNTIME_CORE = require('@module-federation/runtime-core');
