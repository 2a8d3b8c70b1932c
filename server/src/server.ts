/**
 * The server's command (`node server/dist/server.js`, or through tsx). V8's settings come first, before
 * any other module is loaded (v8-flags.ts: one of them must be set before the heap grows); then the
 * server itself (start.ts), which opens the database and listens.
 */
import './v8-flags.ts';

await import('./start.ts');
