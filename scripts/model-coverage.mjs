// The transition-coverage gate: reads coverage/transitions.json, written by the model
// project's global teardown (tests/model/support/global-teardown.ts), and fails unless every
// transition of every machine in src/machines was taken by a model test.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(ROOT, process.env.TRANSITIONS_REPORT ?? 'coverage/transitions.json');

let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch {
  console.error(`[transitions] ${path.relative(ROOT, file)} is missing: run the model tests first (npm run test:model)`);
  process.exit(1);
}
if (report.error) {
  console.error(`[transitions] the machines could not be read: ${report.error}`);
  process.exit(1);
}
for (const m of report.machines ?? []) console.log(`[transitions] ${m.id.padEnd(24)} ${String(m.covered).padStart(4)} / ${m.total}  (${m.file})`);
console.log(`[transitions] ${report.covered} of ${report.total} transitions covered`);
if (report.missing.length || report.covered !== report.total || report.total === 0) {
  for (const id of report.missing) console.error(`  not covered: ${id}`);
  process.exit(1);
}
