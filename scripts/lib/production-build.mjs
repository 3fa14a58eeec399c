// The production build, rebuilt when it is missing or older than its sources: `npm start` and the bench
// scripts (bench/lib/server.mjs) run the code as it is, never a stale build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under the given paths (relative to root). */
function newestMtime(root, paths) {
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

function ensureBuilt(root, name, output, sources, workspace) {
  const outPath = join(root, output);
  const isMissing = !existsSync(outPath);
  if (!isMissing && statSync(outPath).mtimeMs >= newestMtime(root, sources)) return;
  console.info(`Building the ${name} (${isMissing ? 'no build yet' : 'sources changed'})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the web app, then the server, each only when missing or older than its sources. */
export function ensureProductionBuild(root) {
  const shared = ['packages/shared/src', 'package-lock.json'];
  ensureBuilt(
    root,
    'web app',
    // Built last of the web build's two parts (the browser app, then its server renderer of public pages).
    'apps/web/dist-ssr/entry-server.js',
    [...shared, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
    '@tradeops/web',
  );
  ensureBuilt(
    root,
    'server',
    'apps/server/dist/server.js',
    [...shared, 'apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs'],
    '@tradeops/server',
  );
}
