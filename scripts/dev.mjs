#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and the web app with HMR (Vite),
// which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

// The browser talks to Vite (localhost:5173), whose proxy passes its Origin on to the API: that is
// the site's public origin here (mailed links open the dev web app), and the API's own loopback
// door stays trusted for a built web app it serves. Set either variable to override.
const apiPort = process.env.PORT ?? '3000';
const serverEnv = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  TRUSTED_ORIGINS:
    process.env.TRUSTED_ORIGINS ??
    ['http://127.0.0.1:5173', `http://127.0.0.1:${apiPort}`, `http://localhost:${apiPort}`].join(','),
};

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tradeops/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@tradeops/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
