/**
 * The V8 flags every launcher starts the server with: `npm start`, the api
 * package's `start`, `npm run dev` and the benchmark (server-node-flags.test.ts
 * keeps the package scripts in step). Anyone running `dist/server.js` another
 * way should pass them too.
 *
 * A young generation of 2 × 32 MB instead of V8's 2 × 16 MB. An export moves
 * ~150 MB/s of buffers through the process; with the default, the objects in
 * flight outlived the scavenges, filled the old space and set off a full
 * collection every ~100 ms, each stopping the process for 3-23 ms
 * (`--trace-gc`), and every request made meanwhile waited. Measured during a
 * year's CSV export at 1M calls: ~80 event-loop stalls over 8 ms with the
 * default, 3 with this.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
