#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch), serving the web app's source through Vite in
// middleware mode (WEB_DEV=vite): public pages arrive rendered by apps/web/src/entry-server.tsx,
// with the same head and template as the production build, and the browser hydrates them with
// HMR. One address for everything: http://localhost:3000 (PORT to change it). Ctrl-C stops it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const serverEnv = {
  ...process.env,
  WEB_DEV: process.env.WEB_DEV ?? 'vite',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? `http://127.0.0.1:${port}`,
};

const server = spawn('npm', ['run', 'dev', '-w', '@tradeops/server'], { stdio: 'inherit', env: serverEnv });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
