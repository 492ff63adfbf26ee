import { useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Alert, Box, Button, Center, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ResourceDef } from '../../resources/define';
import { recordFormMachine, type FieldValue, type FormMode, type SaveStep, type StoredRecord } from '../../machines/record-form.machine';
import { connectRecordForm } from '../../machines/record-form.connect';
import { resourceApi, type ResourceRow } from '../../services/api/resources';
import { bodyOf, initialValues, validateValues, valuesOf, type FieldProblem } from '../../services/resource-form';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { FORM_LAYOUT } from '../../shared/constants';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { FieldInput } from './FieldInput';

/** Which contract call each save step is. */
const CALL_OF: Record<SaveStep, string> = { save: 'add', saveAndSubmit: 'saveAndSubmit', update: 'update', updateAndSubmit: 'updateAndSubmit' };

/**
 * A resource's add, edit or view form, every field from its definition, laid out by language
 * (portal-shell §9: zh-CN 3 columns with 130 px labels, en-US 2 with 350 px; one column on a
 * phone). The record-form machine decides; this only draws it. `onDone` gets the saved record.
 */
export function RecordFormView({ def, mode, id, onDone, onClose }: { def: ResourceDef; mode: FormMode; id?: number; onDone: (row: ResourceRow | null) => void; onClose: () => void }) {
  const { t, lang } = useI18n();
  const api = useMemo(() => resourceApi(def), [def]);
  // The machine is made once; the page's latest callback is read when a save lands.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const logic = useMemo(
    () =>
      recordFormMachine.provide({
        actors: {
          loadRecord: fromPromise(({ input }: { input: { id: number } }) => api.byId(input.id) as Promise<StoredRecord>),
          saveRecord: fromPromise(async ({ input }: { input: { step: SaveStep; values: Record<string, FieldValue>; record: StoredRecord | null } }) => {
            const saved = await api.run(CALL_OF[input.step], bodyOf(def, input.values, input.record ?? undefined));
            onDoneRef.current(saved);
            return saved as StoredRecord | null;
          }),
        },
      }),
    [api, def],
  );
  const [snapshot, send] = useMachine(logic, {
    input: { mode, id, initial: initialValues(def), valuesOf: (r: StoredRecord) => valuesOf(def, r), validate: (values: Record<string, FieldValue>, record: StoredRecord | null) => validateValues(def, values, record ?? undefined) },
    inspect,
  });
  const form = connectRecordForm(snapshot, send);
  const layout = FORM_LAYOUT[lang];
  const reviewed = def.lifecycle === 'review';
  const fields = Object.entries(def.fields);

  if (form.state === 'loading' || form.state === 'starting') return <Center p="8"><Spinner aria-label={t('global.loading')} /></Center>;
  if (form.loadFailed)
    return (
      <Stack gap="3">
        <ErrorAlert message={form.failure} />
        <Button alignSelf="start" size="sm" {...form.getRetryProps()}>{t('resource.form.retry')}</Button>
      </Stack>
    );
  const record = form.record;
  return (
    <Stack gap="4" {...form.getRootProps()} data-testid="record-form">
      {record && (
        <Text fontSize="sm" color="fg.muted" data-testid="record-version">
          {t('resource.form.versionInfo', { version: record.version, state: t(`resource.state.${String(record.recordState)}`) })}
        </Text>
      )}
      {form.failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{form.failure}</Alert.Title>
        </Alert.Root>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (mode !== 'view') form.getSubmitProps(mode === 'add' ? 'save' : 'update').onClick();
        }}
      >
        <SimpleGrid columns={{ base: 1, md: layout.columns }} gap="3" columnGap="6">
          {fields.map(([name, f]) => {
            const p = form.getFieldProps(name);
            const readOnly = p.readOnly || (mode === 'edit' && f.immutable === true);
            return <FieldInput key={name} name={name} def={f} value={p.value} error={p.error as FieldProblem | null} readOnly={readOnly} onChange={p.onChange} labelWidth={layout.labelWidth} />;
          })}
        </SimpleGrid>
        {/* Enter in a field saves, as the first button would. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
      <Box>
        <HStack gap="2" wrap="wrap" justify="flex-end">
          {mode === 'add' && <Button size="sm" colorPalette="blue" {...form.getSubmitProps('save')} loading={form.getSubmitProps('save')['data-state'] === 'busy'}>{t('resource.action.save')}</Button>}
          {mode === 'add' && reviewed && <Button size="sm" variant="outline" {...form.getSubmitProps('saveAndSubmit')}>{t('resource.action.saveAndSubmit')}</Button>}
          {mode === 'edit' && <Button size="sm" colorPalette="blue" {...form.getSubmitProps('update')} loading={form.getSubmitProps('update')['data-state'] === 'busy'}>{t('resource.action.save')}</Button>}
          {mode === 'edit' && reviewed && <Button size="sm" variant="outline" {...form.getSubmitProps('updateAndSubmit')}>{t('resource.action.updateAndSubmit')}</Button>}
          <Button size="sm" variant="ghost" onClick={onClose}>{mode === 'view' ? t('resource.action.close') : t('resource.action.return')}</Button>
        </HStack>
      </Box>
    </Stack>
  );
}
