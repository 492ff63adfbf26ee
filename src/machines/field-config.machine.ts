import { assign, fromPromise, setup } from 'xstate';
import { FIELD_CONFIG_CHECKS, FIELD_CONFIG_CHECK_MS } from '../shared/constants';
import { fieldConfigEffect, type FieldConfigEffect, type FieldConfigEntry } from '../shared/field-config';
import { messageOf } from './message-of';

/**
 * The approval field config of an approval form (widgets §2 "approvalField", §4 "Approval field
 * config", §9; issue 11 point 5): which fields of the read-only form the checker may change,
 * and which values are set or cleared (src/shared/field-config.ts).
 *
 * - `none`: no config code (the route has no `approvalField`): nothing is enabled.
 * - `checking`: one check, `checkFieldConfig({code})`; the form shows its loading overlay.
 * - `waiting`: a check failed (network, a non-zero code); the next one goes out
 *   FIELD_CONFIG_CHECK_MS later (the named delay `checkInterval`), the overlay still up.
 * - `applied`: the configs arrived; `applyConfigs` hands the form their effect (enabled
 *   fields, values to set, values to clear).
 * - `failed`: FIELD_CONFIG_CHECKS checks failed: nothing is enabled, the form stays read-only,
 *   and the last reason is kept.
 */
export interface FieldConfigInput {
  /** The route parameter `approvalField`; empty or null: no config. */
  code: string | null;
}

export interface FieldConfigContext {
  code: string;
  /** Checks made so far (the one under way included). */
  checks: number;
  configs: FieldConfigEntry[];
  /** Why the last check failed. */
  error: string | null;
}

export const fieldConfigMachine = setup({
  types: { context: {} as FieldConfigContext, input: {} as FieldConfigInput },
  actors: {
    checkFieldConfig: fromPromise<FieldConfigEntry[], { code: string }>(async () => {
      throw new Error('checkFieldConfig not provided');
    }),
  },
  guards: {
    hasNoCode: ({ context }) => context.code === '',
    /** Fewer than FIELD_CONFIG_CHECKS checks were made: one more may go out. */
    mayCheckAgain: ({ context }) => context.checks < FIELD_CONFIG_CHECKS,
  },
  actions: {
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    keepConfigs: assign({
      configs: ({ event }) => {
        const output = (event as unknown as { output: unknown }).output;
        return Array.isArray(output) ? (output as FieldConfigEntry[]) : [];
      },
      error: null,
    }),
    keepError: assign({ error: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    /** The form takes the effect (enabled fields, values set and cleared); provided by the view. */
    applyConfigs: (_, _effect: FieldConfigEffect) => undefined,
  },
  delays: { checkInterval: FIELD_CONFIG_CHECK_MS },
}).createMachine({
  id: 'fieldConfig',
  context: ({ input }) => ({ code: (input.code ?? '').trim(), checks: 0, configs: [], error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasNoCode', target: 'none' }, { target: 'checking' }],
    },
    none: { type: 'final' },
    checking: {
      tags: ['loading'],
      entry: 'countCheck',
      invoke: {
        src: 'checkFieldConfig',
        input: ({ context }) => ({ code: context.code }),
        onDone: { target: 'applied', actions: ['keepConfigs', { type: 'applyConfigs', params: ({ context }) => fieldConfigEffect(context.configs) }] },
        onError: [
          { guard: 'mayCheckAgain', target: 'waiting', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    waiting: {
      tags: ['loading'],
      after: { checkInterval: { target: 'checking' } },
    },
    applied: { type: 'final' },
    failed: { type: 'final' },
  },
});
