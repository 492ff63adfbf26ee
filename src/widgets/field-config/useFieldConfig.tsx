import { useMemo, useRef, type JSX } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { fieldConfigMachine } from '../../machines/field-config.machine';
import { connectFieldConfig, type FieldConfigApi } from '../../machines/field-config.connect';
import { contract } from '../../shared/contract';
import type { FieldConfigEffect, FieldConfigEntry } from '../../shared/field-config';
import { call } from '../../services/http/call';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

export interface FieldConfigCalls {
  check: (code: string) => Promise<FieldConfigEntry[]>;
}

/** The server's call; a failed check is retried by the machine, so no toast for each. */
export const serverFieldConfig: FieldConfigCalls = {
  check: (code) => call(contract.fieldConfig.query, { code }, { noErrorTip: true }),
};

export interface UseFieldConfigOptions {
  /** The route parameter `approvalField`; null (or empty) outside approval mode: nothing is checked. */
  code: string | null;
  /** The configs arrived: enable `effect.enabled`, clear `effect.cleared`, set `effect.values`. */
  onApply?: (effect: FieldConfigEffect) => void;
  calls?: FieldConfigCalls;
}

/**
 * The approval field config of one approval form (issue 11 point 5): the field-config machine
 * started with the route's code, connected, and its loading overlay. Put `overlay` inside the
 * form's box (it covers its nearest positioned ancestor); read `getFieldProps(prop).readOnly`;
 * show `failure` (localised) when every check failed.
 */
export function useFieldConfig({ code, onApply, calls = serverFieldConfig }: UseFieldConfigOptions): FieldConfigApi & { overlay: JSX.Element; failure: string | null } {
  useLocaleModule('section');
  const { t } = useI18n();
  const callsRef = useRef(calls);
  callsRef.current = calls;
  const applyRef = useRef(onApply);
  applyRef.current = onApply;
  const logic = useMemo(
    () =>
      fieldConfigMachine.provide({
        actors: { checkFieldConfig: fromPromise<FieldConfigEntry[], { code: string }>(({ input }) => callsRef.current.check(input.code)) },
        actions: { applyConfigs: (_, effect: FieldConfigEffect) => applyRef.current?.(effect) },
      }),
    [],
  );
  const [snapshot] = useMachine(logic, { input: { code }, inspect });
  const api = connectFieldConfig(snapshot);
  const overlayProps = api.getOverlayProps();
  const overlay = (
    <Box position="absolute" inset="0" zIndex="overlay" bg="bg/70" data-testid="field-config-overlay" {...overlayProps} display={overlayProps.hidden ? 'none' : 'block'}>
      <Center h="full">
        <Stack align="center" gap="2" role="status" aria-live="polite">
          <Spinner />
          <Text fontSize="sm">{t('section.fieldConfig.loading')}</Text>
        </Stack>
      </Center>
    </Box>
  );
  // Every check failed: the form says why it stays read-only.
  const failure = api.error === null ? null : t('section.fieldConfig.failed', { reason: api.error });
  return { ...api, overlay, failure };
}
