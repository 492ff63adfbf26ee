import fs from 'node:fs';
import path from 'node:path';
import { discoverMachines } from '../../../scripts/diagrams/machines';
import { buildReport, type CoverageReport } from './coverage-report';
import { readRecords, REPORT_FILE, ROOT } from './record';

/**
 * Adds up what the model tests covered into coverage/transitions.json, against every
 * transition of every machine in src/machines (the total comes from the definitions, never
 * from the tests). It reports and never throws: a throw here would lose Jest's own report;
 * `node scripts/model-coverage.mjs` is the gate that fails on the file.
 */
export default function globalTeardown(): void {
  let report: CoverageReport;
  try {
    report = buildReport(discoverMachines(ROOT), readRecords().flatMap((r) => r.covered));
  } catch (error) {
    report = { covered: 0, total: 0, missing: [], machines: [], error: error instanceof Error ? error.message : String(error) };
  }
  fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
  fs.writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
}
