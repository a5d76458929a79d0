import { fileURLToPath } from 'node:url';

// Folders the server reads at run time, found from this module's place. This file sits two folders below the
// project root (src/server/), and so does each compiled bundle that contains it (dist/server/, written flat by
// build/server.ts), so the same relative URL reaches the root whether tsx runs the source or node runs the build
// (docs/decisions/021-node-24-and-compiled-server.md).
const root = new URL('../../', import.meta.url);

/** The committed SQL migrations (drizzle/), applied at every start. */
export const migrationsDir = fileURLToPath(new URL('drizzle', root));
/** The built client (vite build's outDir), served unless CLIENT_DIR says otherwise. */
export const defaultClientDir = fileURLToPath(new URL('dist/client', root));
