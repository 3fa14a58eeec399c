#!/usr/bin/env node
// After `vite build`: writes <file>.br and <file>.gz beside every compressible file of the web
// build, once, at maximum quality, so the server sends them as they are (@fastify/static
// `preCompressed`) and spends no CPU compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function visit(dir) {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) count += visit(path);
    else if (COMPRESSIBLE.test(entry) && statSync(path).size >= MIN_BYTES) {
      const source = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count += 1;
    }
  }
  return count;
}

const dist = process.argv[2] ?? 'dist';
console.info(`Pre-compressed ${visit(dist)} files in ${dist} (.br, .gz)`);
