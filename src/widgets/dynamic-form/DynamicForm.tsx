import { Alert, Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { connectDynamicForm, type DynamicFormApi } from '../../machines/dynamic-form.connect';
import { FORM_LAYOUT } from '../../shared/constants';
import { labelOf } from '../../shared/dynamic-form';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';
import { BusyButton } from '../BusyButton';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { DynamicFieldRow } from './DynamicField';
import type { DynamicFormActor } from './useDynamicForm';

/** The administrators' preview: labels at most this wide (ours). */
const PREVIEW_LABEL_WIDTH = 120;

/**
 * A dynamic form drawn from its template (widgets §2, §3, §4 "Dynamic form status", §5; issue
 * 11 point 7): a status line while pending, "data empty" for a template without fields, the
 * load failure with a retry, else the fields laid out as portal-shell §9 says (zh-CN three
 * columns with 130 px labels, en-US two with 350 px), each problem under its field, and the
 * buttons its state allows (Save while editing, Edit while viewing a saved form, Cancel to go
 * back to the saved values). Read-only while viewing or saving.
 *
 * ```tsx
 * const form = useDynamicForm({ source: { kind: 'new', code: 'loan' }, mode: 'edit' });
 * return <DynamicForm form={form} />;
 * ```
 */
export function DynamicForm({ form, preview = false }: { form: DynamicFormActor; preview?: boolean }) {
  const ready = useLocaleModule('dynamic');
  const snapshot = useSelector(form, (s) => s);
  const api = connectDynamicForm(snapshot, form.send);
  if (!ready) return <Skeleton height="16" />;
  return <DynamicFormView api={api} preview={preview} />;
}

/** `preview`: the administrators' preview of a template being edited, without the buttons. */
export function DynamicFormView({ api, preview = false }: { api: DynamicFormApi; preview?: boolean }) {
  const { t, lang } = useI18n();
  // The preview sits beside the editor: one column, short labels.
  const layout = preview ? { columns: 1, labelWidth: Math.min(FORM_LAYOUT[lang].labelWidth, PREVIEW_LABEL_WIDTH) } : FORM_LAYOUT[lang];
  const save = api.getSaveProps();
  const edit = api.getEditProps();
  const cancel = api.getCancelProps();
  const retry = api.getRetryProps();
  return (
    <Stack gap="4" data-testid="dynamic-form" {...api.getRootProps()}>
      {api.status === 'pending' && (
        <Stack gap="2" aria-live="polite">
          <Text color="fg.muted">{t('dynamic.status.pending')}</Text>
          <Skeleton height="8" />
        </Stack>
      )}
      {api.status === 'empty' && (
        <Alert.Root status="info" data-testid="dynamic-form-empty">
          <Alert.Indicator />
          <Alert.Title>{t('dynamic.status.empty')}</Alert.Title>
        </Alert.Root>
      )}
      {api.status === 'error' && (
        <Alert.Root status="error" data-testid="dynamic-form-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('dynamic.status.error')}</Alert.Title>
            {api.failure && <Alert.Description>{api.failure}</Alert.Description>}
          </Alert.Content>
          {!retry.hidden && (
            <Button size="xs" variant="outline" onClick={retry.onClick} data-part={retry['data-part']}>
              {t('dynamic.status.retry')}
            </Button>
          )}
        </Alert.Root>
      )}
      {api.status === 'success' && (
        <form
          noValidate
          aria-label={api.templateName ?? undefined}
          onSubmit={(e) => {
            e.preventDefault();
            if (!save.hidden) save.onClick();
          }}
        >
          <Stack gap="4">
            <ErrorAlert message={api.failure} />
            {Object.keys(api.problems).length > 0 && !api.failure && (
              <Text fontSize="sm" color="fg.error" role="status">
                {t('dynamic.form.invalid')}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: layout.columns }} gapX="4" gapY="3">
              {api.fields.map((f) => {
                const props = api.getFieldProps(f.name);
                return (
                  <Box key={f.name} gridColumn={f.type === 'textarea' || f.type === 'file' || f.type === 'checkbox' ? { md: '1 / -1' } : undefined}>
                    <DynamicFieldRow
                      required={props.required}
                      problem={props.problem}
                      labelWidth={layout.labelWidth}
                      control={{ id: `dyn-${f.name}`, field: f, label: labelOf(f, lang), value: props.value, text: props.text, readOnly: props.readOnly, onChange: props.onChange, onBlur: props.onBlur, values: api.values, onFill: api.fill }}
                    />
                  </Box>
                );
              })}
            </SimpleGrid>
            <HStack justify="flex-end" gap="2" hidden={preview}>
              {api.saved && (
                <Text fontSize="sm" color="fg.success" role="status" data-testid="dynamic-form-saved">
                  {t('dynamic.form.saved')}
                </Text>
              )}
              {!cancel.hidden && (
                <Button size="sm" variant="outline" onClick={cancel.onClick} aria-disabled={cancel['aria-disabled']} data-part={cancel['data-part']}>
                  {t('dynamic.form.cancel')}
                </Button>
              )}
              {!edit.hidden && (
                <Button size="sm" variant="outline" onClick={edit.onClick} disabled={edit.disabled} data-part={edit['data-part']} data-testid="dynamic-form-edit">
                  {t('dynamic.form.edit')}
                </Button>
              )}
              {!save.hidden && (
                <BusyButton size="sm" colorPalette="blue" type="submit" busy={save.busy} aria-disabled={save['aria-disabled']} data-part={save['data-part']} data-state={save['data-state']} data-testid="dynamic-form-save">
                  {t('dynamic.form.save')}
                </BusyButton>
              )}
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
