import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Strategy: give a remote's entry script the same 120 s as its chunks.
 *
 * The design card asks for a 120 s chunk timeout. Webpack's `chunkLoadTimeout`
 * covers the chunks a remote loads once it runs, but the federation runtime
 * loads the remote entry itself with its own 20 s timer; this plugin raises
 * that one. Use it in every host. (A runtime plugin must not import React:
 * it runs before the shared modules are negotiated.)
 */
export const REMOTE_ENTRY_TIMEOUT_MS = 120_000;

export default function entryTimeoutPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'callboard-entry-timeout',
    createScript() {
      return { timeout: REMOTE_ENTRY_TIMEOUT_MS };
    },
  };
}
