import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { readChart } from '../../scripts/diagrams/statechart';
import { buildReport } from './support/coverage-report';
import { sampleMachine } from './support/sample.machine';

const found = [{ file: 'tests/model/support/sample.machine.ts', exportName: 'sampleMachine', machine: sampleMachine }];
const ids = readChart(sampleMachine).transitions.map((t) => t.id);

describe('transition coverage report', () => {
  it('counts every transition of the machine, whatever the tests recorded', () => {
    const report = buildReport(found, [ids[0]!, ids[1]!, 'some/other: X → y']);
    expect(report).toMatchObject({ covered: 2, total: ids.length, missing: ids.slice(2) });
    expect(report.machines).toEqual([{ id: 'sample', file: found[0]!.file, export: 'sampleMachine', total: ids.length, covered: 2 }]);
  });
});

describe('node scripts/model-coverage.mjs', () => {
  const root = path.resolve(__dirname, '../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transitions-'));
  const gate = (report: unknown) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    if (report !== undefined) fs.writeFileSync(file, JSON.stringify(report));
    return spawnSync(process.execPath, ['scripts/model-coverage.mjs'], { cwd: root, encoding: 'utf8', env: { ...process.env, TRANSITIONS_REPORT: file } });
  };

  it('passes when every transition is covered', () => {
    expect(gate(buildReport(found, ids)).status).toBe(0);
  });

  it('fails, naming each transition not taken', () => {
    const r = gate(buildReport(found, ids.slice(1)));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`not covered: ${ids[0]}`);
  });

  it('fails when the model run wrote no report, or could not read the machines', () => {
    expect(gate(undefined).status).toBe(1);
    expect(gate({ covered: 0, total: 0, missing: [], machines: [], error: 'boom' }).status).toBe(1);
  });
});
