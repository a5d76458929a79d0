import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

// Decision 014: the server sends text files compressed without compressing per request. After the build (and
// after vite-plugin-pwa wrote the service worker) each text file gets a .br and a .gz twin, which
// @fastify/static serves to browsers that accept them (preCompressed).

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') yield* filesUnder(path);
    } else yield path;
  }
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'repvisit:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        for (const file of filesUnder(outDir)) {
          if (!TEXT.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < MIN_BYTES) continue;
          const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
          const gz = gzipSync(body, { level: 9 });
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
