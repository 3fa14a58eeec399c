#!/usr/bin/env node
// `npm start`: installs nothing, builds what is missing or stale, then runs the
// server, which migrates, seeds the demo data on first run and serves web + API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!existsSync(join(root, 'node_modules'))) {
  console.error('Dependencies are not installed: run `npm install` first, then `npm start`.');
  process.exit(1);
}

/** Newest modification time of the files under the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

function ensureBuilt(name, output, sources, workspace) {
  const outPath = join(root, output);
  const isMissing = !existsSync(outPath);
  if (!isMissing && statSync(outPath).mtimeMs >= newestMtime(sources)) return;
  console.info(`Building the ${name} (${isMissing ? 'no build yet' : 'sources changed'})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src', 'package-lock.json'];
ensureBuilt(
  'web app',
  // Built last of the web build's two parts (the browser app, then its server renderer of public pages).
  'apps/web/dist-ssr/entry-server.js',
  [...shared, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  '@tradeops/web',
);
ensureBuilt(
  'server',
  'apps/server/dist/server.js',
  [...shared, 'apps/server/src', 'apps/server/build.mjs'],
  '@tradeops/server',
);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
