import fs from 'node:fs';
import { RECORDS_DIR, REPORT_FILE } from './record';

/** A model run starts from nothing: no records and no report left from an earlier run. */
export default function globalSetup(): void {
  fs.rmSync(RECORDS_DIR, { recursive: true, force: true });
  fs.rmSync(REPORT_FILE, { force: true });
}
