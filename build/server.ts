import { rmSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';

// `npm run build:server`: the server compiled to plain JavaScript in dist/server, so production runs it with
// node alone, without tsx compiling TypeScript at every start (docs/decisions/021-node-24-and-compiled-server.md).
//
// One bundle per entry point, written flat into dist/server: the source imports its own files without
// extensions (moduleResolution Bundler), which Node's ESM loader cannot resolve, so a per-file compile (tsc,
// or Node 24's type stripping) would not run. Flat matters: each bundle sits two folders below the project
// root, as src/server/paths.ts does, so paths made from import.meta.url (the migrations, the built client)
// resolve the same from the source and from dist. Type checking is `npm run typecheck`; esbuild only strips types.

// Packages bundled in: pure ESM, about 200 small modules that node would otherwise find and load one by one at
// every start (measured: start-up on PostgreSQL 4.5 s with them in node_modules, 2.5 s bundled). zod goes with
// the provider that reads its schemas, so there is one zod. Every other package stays an import of
// node_modules: some are CommonJS, some read files beside their code (PGlite's WASM, argon2's binary).
const bundled = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod']);

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      return bundled.has(name) ? undefined : { path, external: true };
    });
  },
};

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/supervisor.ts', 'src/server/main.ts'],
  entryNames: '[name]',
  outdir,
  bundle: true,
  plugins: [externalPackages],
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
});
