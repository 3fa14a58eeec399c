// Runs the screening scenario (scenario.ts, through tsx: it drives the server's own services) on a
// scratch database of its own, prints its figures beside the targets of issue 27 and returns them.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createScratchDatabase } from '../lib/database.mjs';

const TARGETS = {
  'screening one name against 30,000 entries: p99 ≤ 20 ms': (figures) => figures.match_p99_ms <= 20,
  're-screening 20,000 companies after a list load: ≤ 60 s': (figures) => figures.rescreen_ms <= 60_000,
};

export async function runScreeningScenario(root) {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  console.info(`\nScreening scenario on ${scratch.label}: a 30,000-entry list, 20,000 companies …`);
  try {
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/screening/scenario.ts')], {
        cwd: root,
        env: {
          ...process.env,
          ...(scratch.driver === 'postgres' ? { DATABASE_URL: scratch.serverEnv.DATABASE_URL } : {}),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`the screening scenario exited ${code}`)),
      );
    });
    const line = output.split('\n').find((item) => item.startsWith('SCREENING '));
    if (!line) throw new Error('the screening scenario printed no figures');
    const figures = JSON.parse(line.slice('SCREENING '.length));
    const lines = [
      ['list load (30,000 entries + aliases, job)', `${figures.list_load_ms} ms`],
      ['index build', `${figures.index_build_ms} ms (${figures.indexed_names} names)`],
      ['match one name p50 / p99', `${figures.match_p50_ms} / ${figures.match_p99_ms} ms`],
      ['whole screening (record written) p50 / p99', `${figures.screening_p50_ms} / ${figures.screening_p99_ms} ms`],
      ['re-screen every company (job)', `${figures.rescreen_ms} ms for ${figures.rescreen_screened}`],
      ['load average', figures.load_average],
    ];
    for (const [name, value] of lines) console.info(`${name.padEnd(46)} ${value}`);
    const targets = Object.fromEntries(Object.entries(TARGETS).map(([name, isMet]) => [name, isMet(figures)]));
    for (const [target, isMet] of Object.entries(targets)) console.info(`${isMet ? 'met    ' : 'NOT met'}  ${target}`);
    return { ...figures, targets };
  } finally {
    await scratch.drop();
  }
}
