import fs from 'node:fs';
import path from 'node:path';

/**
 * Where model tests leave the transitions they covered, one file per test file, for the
 * model project's global teardown to add up into coverage/transitions.json. Kept under the
 * run's own scratch directory (TEST_TMP) so two runs on one machine stay apart.
 */
export const ROOT = path.resolve(__dirname, '../../..');
export const RECORDS_DIR = path.resolve(ROOT, process.env.TEST_TMP ?? '.tmp', 'transitions');
export const REPORT_FILE = path.resolve(ROOT, process.env.TRANSITIONS_REPORT ?? 'coverage/transitions.json');

export interface CoverageRecord {
  machine: string;
  testFile: string;
  covered: string[];
}

export function writeRecord(record: CoverageRecord): void {
  fs.mkdirSync(RECORDS_DIR, { recursive: true });
  const name = `${record.machine}-${path.basename(record.testFile).replace(/\W+/g, '_')}-${process.pid}.json`;
  fs.writeFileSync(path.join(RECORDS_DIR, name), JSON.stringify(record, null, 1));
}

export function readRecords(): CoverageRecord[] {
  if (!fs.existsSync(RECORDS_DIR)) return [];
  return fs
    .readdirSync(RECORDS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(RECORDS_DIR, f), 'utf8')) as CoverageRecord);
}
