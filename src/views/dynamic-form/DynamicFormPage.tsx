import { useEffect, useState } from 'react';
import { Button, Field, HStack, Heading, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FormMode, FormSource } from '../../machines/dynamic-form.machine';
import { templateChoiceMachine, type TemplateOption } from '../../machines/template-choice.machine';
import { connectTemplateChoice } from '../../machines/template-choice.connect';
import type { Language } from '../../shared/constants';
import { contract, type ElementRow } from '../../shared/contract';
import { call } from '../../services/http/call';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { formatDateTimeFull } from '../../shared/date-format';
import { DynamicForm, useDynamicForm } from '../../widgets/dynamic-form';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { PagedList } from '../../widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../widgets/paged-list/usePagedList';

// The one place the list meets the API.
const fetchForms: FetchPage<ElementRow> = ({ start, limit }) => call(contract.expandElement.query, { start, limit });
const choiceLogic = templateChoiceMachine.provide({
  actors: { loadTemplates: fromPromise<TemplateOption[], { lang: Language }>(({ input }) => call(contract.expandElement.templates, {}, { headers: { lang: input.lang } })) },
});

/**
 * Dynamic forms (issue 11 point 7; '/dynamic-form'): pick an enabled template and fill a new
 * form, save it; the saved forms are listed, newest first; one opens read-only and can be
 * edited and saved again at its version.
 */
export default function DynamicFormPage() {
  const ready = useLocaleModule('dynamic');
  if (!ready) return <Skeleton height="32" />;
  return <Page />;
}

function Page() {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState<{ key: number; source: FormSource; mode: FormMode } | null>(null);
  const list = usePagedList(fetchForms);
  const [snapshot, send] = useMachine(choiceLogic, { input: { lang }, inspect });
  const choice = connectTemplateChoice(snapshot, send);
  useEffect(() => send({ type: 'LANG.CHANGE', lang }), [lang, send]);
  const show = (source: FormSource, mode: FormMode) => setOpen((o) => ({ key: (o?.key ?? 0) + 1, source, mode }));
  return (
    <Stack gap="5" data-testid="dynamic-form-page">
      <Heading size="lg">{t('dynamic.page.title')}</Heading>
      <HStack gap="3" align="flex-end" wrap="wrap" data-testid="template-choice" {...choice.getRootProps()}>
        <Field.Root maxW="sm">
          <Field.Label htmlFor="dyn-template">{t('dynamic.page.template')}</Field.Label>
          <NativeSelect.Root size="sm" disabled={choice.getSelectProps().disabled}>
            <NativeSelect.Field id="dyn-template" {...choice.getSelectProps()} data-testid="template-picker">
              <option value="">{t(choice.placeholder)}</option>
              {choice.options.map((x) => (
                <option key={x.code} value={x.code}>
                  {x.name} ({x.code})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" colorPalette="blue" {...choice.getNewProps((code) => show({ kind: 'new', code }, 'edit'))} data-testid="new-form">
          {t('dynamic.page.new')}
        </Button>
      </HStack>
      <ErrorAlert message={choice.failed && t('dynamic.page.templatesFailedLong', { message: choice.failure ?? '' })} retry={choice.getRetryProps()} data-testid="templates-failed" />
      {open && <FormPanel key={open.key} source={open.source} mode={open.mode} onSaved={() => list.refresh()} />}
      <Stack gap="2">
        <HStack justify="space-between">
          <Heading size="md">{t('dynamic.page.list')}</Heading>
          <Button size="xs" variant="outline" {...list.getRefreshProps()}>
            {t('dynamic.page.refresh')}
          </Button>
        </HStack>
        <PagedList api={list} empty={t('dynamic.page.empty')}>
          {(rows) => (
            // A phone scrolls the table sideways rather than squeezing a name into a column of single characters.
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" css={{ '& th': { whiteSpace: 'nowrap' } }}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('dynamic.page.id')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('dynamic.page.templateName')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('dynamic.page.creator')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('dynamic.page.updatedAt')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('dynamic.page.version')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((r) => (
                    <Table.Row key={r.id} data-testid="saved-form" data-id={r.id} {...list.getRowProps(r)}>
                      <Table.Cell>{r.id}</Table.Cell>
                      <Table.Cell minW="10em">
                        {r.templateName} <Text as="span" color="fg.muted">({r.templateCode})</Text>
                      </Table.Cell>
                      <Table.Cell>{r.creatorName ?? ''}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTimeFull(r.updatedAt)}</Table.Cell>
                      <Table.Cell>{r.version}</Table.Cell>
                      <Table.Cell>
                        <Button size="xs" variant="outline" onClick={() => show({ kind: 'existing', id: r.id }, 'view')} data-testid="open-form">
                          {t('dynamic.page.open')}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </PagedList>
      </Stack>
    </Stack>
  );
}

/** One form, new or opened; the list refreshes after each save. */
function FormPanel({ source, mode, onSaved }: { source: FormSource; mode: FormMode; onSaved: () => void }) {
  const { t } = useI18n();
  const form = useDynamicForm({ source, mode });
  const name = useSelector(form, (s) => s.context.form?.templateName ?? '');
  const id = useSelector(form, (s) => s.context.id);
  const savedVersion = useSelector(form, (s) => (s.context.saved ? s.context.version : null));
  useEffect(() => {
    if (savedVersion !== null) onSaved();
    // onSaved is the page's list refresh: a new one each render, the same call.
  }, [savedVersion]);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid="form-panel">
      {name && <Heading size="md">{id === null ? t('dynamic.page.newTitle', { name }) : t('dynamic.page.viewTitle', { name, id })}</Heading>}
      <DynamicForm form={form} />
    </Stack>
  );
}
