import type { SnapshotFrom } from 'xstate';
import type { fieldConfigMachine } from './field-config.machine';
import { fieldConfigEffect } from '../shared/field-config';

type Snapshot = SnapshotFrom<typeof fieldConfigMachine>;

export type FieldConfigState = 'starting' | 'none' | 'checking' | 'waiting' | 'applied' | 'failed';

/**
 * The approval field config's anatomy (Zag.js style): the form's loading `overlay` while the
 * config is checked, and per field whether the approval form lets the checker change it
 * (`getFieldProps(prop).readOnly`). `effect` is what the configs do to the form's values.
 */
export function connectFieldConfig(snapshot: Snapshot) {
  const { context } = snapshot;
  const state = (typeof snapshot.value === 'string' ? snapshot.value : 'starting') as FieldConfigState;
  const loading = snapshot.hasTag('loading') || state === 'starting';
  const effect = fieldConfigEffect(state === 'applied' ? context.configs : []);
  const enabled = new Set(effect.enabled);
  return {
    state,
    /** The overlay is up: the form waits for the config before the checker may type. */
    loading,
    /** Checks made so far (at most FIELD_CONFIG_CHECKS). */
    checks: context.checks,
    /** The configs that arrived (empty before, and when none arrived). */
    configs: state === 'applied' ? context.configs : [],
    effect,
    /** Why the checks failed, once they all did. */
    error: state === 'failed' ? context.error : null,
    getRootProps: () => ({ 'data-part': 'root', 'data-state': state, 'aria-busy': loading }),
    getOverlayProps: () => ({ 'data-part': 'overlay', 'data-state': loading ? 'open' : 'closed', hidden: !loading }),
    /** An approval form's field: read-only unless a config enabled it (and never while loading). */
    getFieldProps: (prop: string) => {
      const editable = !loading && enabled.has(prop);
      return { 'data-part': 'field', 'data-state': editable ? 'enabled' : 'read-only', 'data-name': prop, readOnly: !editable };
    },
  };
}

export type FieldConfigApi = ReturnType<typeof connectFieldConfig>;
