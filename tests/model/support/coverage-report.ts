import type { FoundMachine } from '../../../scripts/diagrams/machines';
import { readChart } from '../../../scripts/diagrams/statechart';

/** coverage/transitions.json: the total from the machines' definitions, the covered part from the tests' records. */
export interface CoverageReport {
  covered: number;
  total: number;
  missing: string[];
  machines: Array<{ id: string; file: string; export: string; total: number; covered: number }>;
  error?: string;
}

export function buildReport(found: FoundMachine[], coveredIds: Iterable<string>): CoverageReport {
  const covered = new Set(coveredIds);
  const machines = found.map(({ file, exportName, machine }) => {
    const ids = readChart(machine).transitions.map((t) => t.id);
    return { id: machine.id, file, export: exportName, total: ids.length, covered: ids.filter((id) => covered.has(id)).length, missing: ids.filter((id) => !covered.has(id)) };
  });
  return {
    covered: machines.reduce((n, m) => n + m.covered, 0),
    total: machines.reduce((n, m) => n + m.total, 0),
    missing: machines.flatMap((m) => m.missing),
    machines: machines.map(({ missing: _missing, ...rest }) => rest),
  };
}
