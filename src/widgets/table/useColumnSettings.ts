import { useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { columnSettingsMachine, type LoadedColumns, type SaveColumnsInput } from '../../machines/column-settings.machine';
import { connectColumnSettings } from '../../machines/column-settings.connect';
import type { ColumnBase } from '../../machines/column-settings';
import { contract } from '../../shared/contract';
import { call } from '../../services/http/call';
import { inspect } from '../../services/inspector';

/** Where a table's column settings are kept: by default the server (contract.querySettings). */
export interface ColumnSettingsCalls {
  load: (code: string) => Promise<LoadedColumns>;
  save: (input: SaveColumnsInput) => Promise<unknown>;
}

/**
 * The server's calls. Neither toasts: a failed load is silent (widgets §8) and a refused save
 * shows its msg by the table (the machine keeps it), once.
 */
export const serverColumnSettings: ColumnSettingsCalls = {
  load: (code) => call(contract.querySettings.columns, { code }, { noErrorTip: true }),
  save: (input) => call(contract.querySettings.saveColumns, input, { noErrorTip: true }),
};

/**
 * The column-settings machine of one table, started with the page's columns (read once, at
 * mount: key the table by page to change them) and connected.
 */
export function useColumnSettings(code: string, columns: readonly ColumnBase[], admin: boolean, calls: ColumnSettingsCalls = serverColumnSettings) {
  const callsRef = useRef(calls);
  callsRef.current = calls;
  const logic = useMemo(
    () =>
      columnSettingsMachine.provide({
        actors: {
          loadColumns: fromPromise<LoadedColumns, { code: string }>(({ input }) => callsRef.current.load(input.code)),
          saveColumns: fromPromise<unknown, SaveColumnsInput>(({ input }) => callsRef.current.save(input)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(logic, { input: { code, columns: columns.map(({ field, kind, width }) => ({ field, kind, ...(width ? { width } : {}) })), admin }, inspect });
  return connectColumnSettings(snapshot, send);
}
