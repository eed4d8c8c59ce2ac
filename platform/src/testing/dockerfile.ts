/**
 * The Dockerfile read as a builder reads it, for tests that check it or do what it says without
 * Docker: its stages by name, each one's instructions with those of the stages it is built FROM.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  base: string;
  instructions: Instruction[];
}

const ROOT = path.resolve(__dirname, '../../..');

/** The Dockerfile's stages by name (continued lines joined, comments dropped). */
export function dockerfileStages(file = path.join(ROOT, 'Dockerfile')): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  const text = fs.readFileSync(file, 'utf8').replace(/\\\r?\n/g, ' ');
  for (const line of text.split('\n').map((l) => l.trim())) {
    const [, keyword, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword || line.startsWith('#')) continue;
    const from = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
    if (keyword.toUpperCase() === 'FROM' && from) stages.set(from[2], (current = { base: from[1], instructions: [] }));
    else current?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** The ARGs declared before the first FROM (the ones FROM lines may use), with their defaults. */
function dockerfileArgs(file = path.join(ROOT, 'Dockerfile')): Record<string, string> {
  const args: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim())) {
    if (/^FROM\s/i.test(line)) break;
    const [, name, value] = /^ARG\s+(\w+)(?:=(\S*))?$/i.exec(line) ?? [];
    if (name) args[name] = value ?? '';
  }
  return args;
}

/** The image a stage is built on at last: a stage it names followed to its own base, ${ARG}s filled in. */
export function stageBaseImage(stages: Map<string, Stage>, name: string, args = dockerfileArgs()): string {
  const base = stages.get(name)?.base ?? name;
  if (stages.has(base)) return stageBaseImage(stages, base, args);
  return base.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string | undefined, b: string | undefined) => args[a ?? b ?? ''] ?? '');
}

/** A stage's instructions with those of the stages it is built FROM, first to last. */
export function stageInstructions(stages: Map<string, Stage>, name: string): Instruction[] {
  const stage = stages.get(name);
  return stage ? [...stageInstructions(stages, stage.base), ...stage.instructions] : [];
}

/** The command a target's image runs: its last CMD, exec form. */
export function imageCommand(stages: Map<string, Stage>, target: string): string[] {
  const cmd = stageInstructions(stages, target).filter((i) => i.keyword === 'CMD').at(-1);
  if (!cmd) throw new Error(`no CMD for the ${target} target in the Dockerfile`);
  return JSON.parse(cmd.args) as string[];
}
