#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and the web app with HMR (Vite),
// which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@tradeops/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@tradeops/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
