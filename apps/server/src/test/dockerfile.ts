/**
 * Just enough of the Dockerfile syntax to read our own Dockerfile (stages, ENV, WORKDIR, COPY,
 * RUN, USER, HEALTHCHECK, STOPSIGNAL, ENTRYPOINT and CMD in exec form), so a test can do what the image does without Docker.
 */

export interface DockerInstruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
}

export interface DockerStage {
  name: string | null;
  base: string;
  instructions: DockerInstruction[];
}

/** The stages in order, each with its instructions; comments and blank lines dropped, `\` continuations joined. */
export function parseDockerfile(text: string): DockerStage[] {
  const logicalLines: string[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (pending === '' && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (trimmed.endsWith('\\')) {
      pending += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    logicalLines.push(`${pending}${trimmed}`.trim());
    pending = '';
  }
  const stages: DockerStage[] = [];
  for (const line of logicalLines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [base = '', as, name] = args.split(/\s+/);
      stages.push({ base, name: as?.toUpperCase() === 'AS' && name ? name : null, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** An exec-form argument list (`["node", "server.js"]`); a shell-form one is refused, as it would need a shell. */
export function parseExecForm(args: string): string[] {
  const list: unknown = JSON.parse(args);
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new Error(`not an exec-form list: ${args}`);
  }
  return list as string[];
}

/** `ENV A=1 B=2` (unquoted values, as ours are). */
export function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const index = pair.indexOf('=');
      if (index <= 0) throw new Error(`ENV wants NAME=value pairs, got ${JSON.stringify(pair)}`);
      return [pair.slice(0, index), pair.slice(index + 1)];
    }),
  );
}

export interface CopyInstruction {
  /** The stage copied from, or null for the build context. */
  from: string | null;
  sources: string[];
  destination: string;
}

export function parseCopy(args: string): CopyInstruction {
  const words = args.split(/\s+/);
  let from: string | null = null;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
    else throw new Error(`COPY flag not understood here: ${flag}`);
  }
  const destination = words.pop();
  if (!destination || words.length === 0) throw new Error(`COPY wants sources and a destination: ${args}`);
  return { from, sources: words, destination };
}

/** HEALTHCHECK's options (`--interval=15s` …) and its command in exec form. */
export function parseHealthcheck(args: string): { options: Record<string, string>; command: string[] } {
  const match = /^((?:--[\w-]+=\S+\s+)*)CMD\s+(.+)$/.exec(args);
  if (!match) throw new Error(`HEALTHCHECK wants [options] CMD ["…"]: ${args}`);
  const options = Object.fromEntries(
    (match[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter((option) => option !== '')
      .map((option) => option.slice(2).split('=') as [string, string]),
  );
  return { options, command: parseExecForm(match[2]!) };
}
