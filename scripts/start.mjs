#!/usr/bin/env node
// `npm start`: installs nothing, builds what is missing or stale, then runs the
// server, which migrates, seeds the demo data on first run and serves web + API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// First, in syntax any Node understands: one clear line on a Node older than `engines` (npm itself only
// warns, a hundred lines of EBADENGINE during the install, and the server would then fail obscurely).
const required = /^>=\s*(\d+)(?:\.(\d+))?/.exec(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node,
);
const [major, minor] = process.versions.node.split('.').map(Number);
if (required && (major < Number(required[1]) || (major === Number(required[1]) && minor < Number(required[2] || 0)))) {
  console.error(
    `TradeOps needs Node ${required[1]}.${required[2] || 0} or newer and this is Node ${process.versions.node}: install Node ${required[1]} LTS (.nvmrc), then run \`npm install\` and \`npm start\` again.`,
  );
  process.exit(1);
}

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
