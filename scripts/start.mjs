#!/usr/bin/env node
// `npm start`: installs nothing, builds what is missing or stale, then runs the
// server, which migrates, seeds the demo data on first run and serves web + API.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProductionBuild } from './lib/production-build.mjs';

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

ensureProductionBuild(root);

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
