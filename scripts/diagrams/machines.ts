import fs from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';

/**
 * Every machine of the product: each `src/machines/*.machine.ts`, each exported machine in it.
 * New files are picked up by name; nothing is listed by hand. Loaded with the caller's
 * TypeScript transform in place (Jest's, or scripts/diagrams/register.cjs).
 */
export interface FoundMachine {
  /** Path from the repository root, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export const MACHINES_DIR = 'src/machines';
const MACHINE_FILE = /\.machine\.ts$/;

function isMachine(value: unknown): value is AnyStateMachine {
  const v = value as AnyStateMachine | null;
  return !!v && typeof v === 'object' && typeof v.provide === 'function' && typeof v.getInitialSnapshot === 'function' && !!v.root;
}

export function machineFiles(root: string): string[] {
  const dir = path.join(root, MACHINES_DIR);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => MACHINE_FILE.test(f)).sort().map((f) => `${MACHINES_DIR}/${f}`) : [];
}

export function discoverMachines(root: string, load: (absolutePath: string) => Record<string, unknown> = require): FoundMachine[] {
  const found: FoundMachine[] = [];
  for (const file of machineFiles(root)) {
    const exports = load(path.join(root, file));
    for (const [exportName, value] of Object.entries(exports)) {
      if (isMachine(value)) found.push({ file, exportName, machine: value });
    }
  }
  const ids = new Map<string, string>();
  for (const f of found) {
    const other = ids.get(f.machine.id);
    if (other) throw new Error(`two machines share the id '${f.machine.id}' (${other} and ${f.file}): give each its own id`);
    ids.set(f.machine.id, f.file);
  }
  return found;
}
