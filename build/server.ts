import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// `npm run build:server`: the server compiled to plain JavaScript in dist/server, so production runs it with
// node alone, without tsx compiling TypeScript at every start (docs/decisions/021-node-24-and-compiled-server.md).
//
// One bundle per entry point, written flat into dist/server: the source imports its own files without
// extensions (moduleResolution Bundler), which Node's ESM loader cannot resolve, so a per-file compile (tsc,
// or Node 24's type stripping) would not run. Packages stay imports of node_modules. Flat matters: each
// bundle sits two folders below the project root, as src/server/paths.ts does, so paths made from
// import.meta.url (the migrations, the built client) resolve the same from the source and from dist.
// Type checking is `npm run typecheck`; esbuild only strips the types.

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/supervisor.ts', 'src/server/main.ts'],
  entryNames: '[name]',
  outdir,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
});
