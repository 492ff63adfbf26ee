import { useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { magnifierMachine, type LookupPageQuery, type LookupRow, type MagnifierMode, type WriteFields } from '../../machines/magnifier.machine';
import { connectMagnifier } from '../../machines/magnifier.connect';
import { BUDGET_AMOUNT_FIELD, type LookupDef } from '../../shared/lookups';
import { contract } from '../../shared/contract';
import { isBudgetAmount } from '../../shared/budget-amount';
import { call } from '../../services/http/call';
import { inspect } from '../../services/inspector';
import { fromPromise } from 'xstate';

export interface UseMagnifierOptions {
  def: LookupDef;
  mode: MagnifierMode;
  /** Form field → the lookup row's field. */
  fills: Record<string, string>;
  /** The linked fields' values now. */
  values: Record<string, string>;
  /** The linked fields' values when the form opened (what reset writes back). */
  initial?: Record<string, string>;
  /** The form's setter: the linked fields' new values, and the rows picked. */
  onWrite: (write: WriteFields) => void;
  /** Extra parameters of the call (the budget's business currency). */
  params?: Record<string, string>;
  autoSelect?: boolean;
}

/** The budget lookup's check on confirm: every selected budget needs an amount (widgets §9 precision 2). */
const budgetProblems = (selected: LookupRow[]) => Object.fromEntries(selected.filter((r) => !isBudgetAmount(r[BUDGET_AMOUNT_FIELD])).map((r) => [String(r.budgetCode), 'lookup.budget.amountRequired']));

/** The magnifier machine bound to a lookup's call and a form's setter; returns its connected props. */
export function useMagnifier({ def, mode, fills, values, initial, onWrite, params = {}, autoSelect = false }: UseMagnifierOptions) {
  // The machine starts once; the setter and the call's parameters are read when used, so they may change.
  const live = useRef({ onWrite, params });
  live.current = { onWrite, params };
  const logic = useMemo(
    () =>
      magnifierMachine.provide({
        actors: {
          fetchPage: fromPromise(async ({ input }: { input: LookupPageQuery }) => {
            const search = Object.fromEntries(Object.entries(input.params).filter(([, v]) => v.trim() !== ''));
            return call(contract.lookup[def.code as keyof typeof contract.lookup], { start: input.start, limit: input.limit, ...search, ...live.current.params } as never) as Promise<{ rows: LookupRow[]; total: number }>;
          }),
        },
        actions: { writeFields: (_: unknown, write: WriteFields) => live.current.onWrite(write) },
      }),
    [def.code],
  );
  const [snapshot, send] = useMachine(logic, {
    input: {
      mode,
      fills,
      valueField: def.value,
      initial: initial ?? values,
      search: Object.fromEntries(def.search.map((s) => [s.name, ''])),
      autoSelect,
      ...(def.code === 'budget' ? { validate: budgetProblems } : {}),
    },
    inspect,
  });
  return connectMagnifier(snapshot, send, { values });
}
