import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPackageDir } from '../paths';
import { runCommand } from '../test/run-command';

const REPO_ROOT = fromPackageDir('../..');
/** The system's Node, where it is older than ours (Debian's 20 on the machines here; CI installs 24 beside it). */
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeVersion = existsSync(SYSTEM_NODE)
  ? execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
  : null;
const isSystemNodeOlder = systemNodeVersion !== null && Number(systemNodeVersion.split('.')[0]) < 24;

describe('npm start on a Node older than engines', () => {
  it.runIf(isSystemNodeOlder)('says in one line which Node is needed, and stops', async () => {
    const result = await runCommand(SYSTEM_NODE, [join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH },
      timeoutMs: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `TradeOps needs Node 24.15 or newer and this is Node ${systemNodeVersion}: install Node 24 LTS (.nvmrc), then run \`npm install\` and \`npm start\` again.`,
    ]);
  });
});
