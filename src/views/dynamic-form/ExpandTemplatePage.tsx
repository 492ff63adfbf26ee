import { useEffect, useState } from 'react';
import { Badge, Box, Button, Field, HStack, Heading, Input, List, SimpleGrid, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { connectTemplateEditor } from '../../machines/template-editor.connect';
import { templateEditorMachine, type EditorValues, type TemplateDraft, type TemplateEditorInput } from '../../machines/template-editor.machine';
import { TEMPLATE_STATUS } from '../../shared/constants';
import { contract, type TemplateDetail, type TemplateRow } from '../../shared/contract';
import { DATA_TYPES, FIELD_TYPES, parseTemplateText, type TemplateProblem } from '../../shared/dynamic-form';
import { call } from '../../services/http/call';
import { ApiError } from '../../services/http/client';
import { inspect } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { formatDateTimeFull } from '../../shared/date-format';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { BusyButton } from '../../widgets/BusyButton';
import { DynamicForm, useDynamicForm } from '../../widgets/dynamic-form';
import { LookupOffer } from './LookupOffer';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { PagedList } from '../../widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../widgets/paged-list/usePagedList';

type StatusAction = { id: number; version: number; status: TemplateRow['status'] };

const fetchTemplates: FetchPage<TemplateRow> = ({ start, limit }) => call(contract.expandTemplate.query, { start, limit });
const setStatus = (a: StatusAction) => call(contract.expandTemplate.setStatus, a);

/** What "Insert an example" puts in the editor: one field of the common kinds, with rules. */
const EXAMPLE = [
  { name: 'title', text: '标题', textEn: 'Title', type: 'text', max: 50, rules: [{ required: true, whitespace: true }] },
  { name: 'amount', text: '金额', textEn: 'Amount', type: 'amount', min: 0, rules: [{ required: true }] },
  { name: 'day', text: '日期', textEn: 'Date', type: 'date' },
  { name: 'kind', text: '类型', textEn: 'Kind', type: 'select', dataType: 'static', data: [{ text: '甲', value: 'A' }, { text: '乙', value: 'B' }] },
  { name: 'note', text: '备注', textEn: 'Note', type: 'textarea', max: 200 },
];

/**
 * Form templates (issue 11 point 7; '/expand-template', administrators by the function grant):
 * the list, and an editor of code, names and the field list as JSON text. The field list is
 * edited as JSON rather than in a grid because a field holds nested rules and option lists a
 * grid edits badly; the shared template check names every problem (path and localised message)
 * as it is typed, and a live preview draws the form users will get with the same renderer.
 */
export default function ExpandTemplatePage() {
  const ready = useLocaleModule('dynamic');
  if (!ready) return <Skeleton height="32" />;
  return <Page />;
}

function Page() {
  const { t, lang } = useI18n();
  const list = usePagedList<TemplateRow, StatusAction>(fetchTemplates, setStatus);
  const [editing, setEditing] = useState<{ key: number; input: TemplateEditorInput } | null>(null);
  const open = (input: TemplateEditorInput) => setEditing((e) => ({ key: (e?.key ?? 0) + 1, input }));
  return (
    <Stack gap="5" data-testid="expand-template-page">
      <HStack justify="space-between">
        <Heading size="lg">{t('dynamic.admin.title')}</Heading>
        <Button size="sm" colorPalette="blue" onClick={() => open({ id: null })} data-testid="add-template">
          {t('dynamic.admin.add')}
        </Button>
      </HStack>
      <ErrorAlert message={list.actionError} />
      {editing && (
        <Editor
          key={editing.key}
          input={editing.input}
          onDone={() => {
            setEditing(null);
            list.refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <PagedList api={list} empty={t('dynamic.admin.empty')}>
        {(rows) => (
          // A phone scrolls the table sideways rather than squeezing a name into a column of single characters.
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" css={{ '& th': { whiteSpace: 'nowrap' } }}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('dynamic.admin.code')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dynamic.admin.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dynamic.admin.fieldCount')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dynamic.admin.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dynamic.admin.updatedAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r) => {
                  const enabled = r.status === TEMPLATE_STATUS.enabled;
                  return (
                    <Table.Row key={r.id} data-testid="template-row" data-code={r.code} {...list.getRowProps(r)}>
                      <Table.Cell fontFamily="mono">{r.code}</Table.Cell>
                      <Table.Cell minW="10em">{lang === 'en-US' && r.nameEn ? r.nameEn : r.name}</Table.Cell>
                      <Table.Cell>{r.fieldCount}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={enabled ? 'green' : 'gray'}>{t(enabled ? 'dynamic.admin.enabled' : 'dynamic.admin.disabled')}</Badge>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTimeFull(r.updatedAt)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="1">
                          <Button size="xs" variant="outline" onClick={() => open({ id: r.id })} data-testid="edit-template">
                            {t('dynamic.admin.edit')}
                          </Button>
                          <Button size="xs" variant="ghost" {...list.getActionProps({ id: r.id, version: r.version, status: enabled ? TEMPLATE_STATUS.disabled : TEMPLATE_STATUS.enabled })}>
                            {t(enabled ? 'dynamic.admin.disable' : 'dynamic.admin.enable')}
                          </Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </PagedList>
    </Stack>
  );
}

/** A refused save as the editor keeps it: the message and the server's template problems. */
function refusal(error: unknown): { message: string; problems?: TemplateProblem[] } {
  if (error instanceof ApiError) {
    const problems = (error.data as { problems?: TemplateProblem[] } | null)?.problems;
    return { message: error.message, ...(Array.isArray(problems) ? { problems } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

async function loadTemplate(id: number): Promise<TemplateDraft> {
  const d: TemplateDetail = await call(contract.expandTemplate.byId, { id });
  return { values: { code: d.code, name: d.name, nameEn: d.nameEn ?? '', fields: d.fields }, id: d.id, version: d.version };
}

async function saveTemplate({ values, id, version }: TemplateDraft): Promise<TemplateDetail> {
  const names = { name: values.name.trim(), ...(values.nameEn.trim() ? { nameEn: values.nameEn.trim() } : {}) };
  try {
    if (id === null || version === null) return await call(contract.expandTemplate.add, { code: values.code.trim(), ...names, fields: values.fields });
    return await call(contract.expandTemplate.update, { id, version, ...names, fields: values.fields });
  } catch (error) {
    throw refusal(error);
  }
}

const editorLogic = templateEditorMachine.provide({
  actors: {
    loadTemplate: fromPromise<TemplateDraft, { id: number }>(({ input }) => loadTemplate(input.id)),
    saveTemplate: fromPromise<unknown, TemplateDraft>(({ input }) => saveTemplate(input)),
  },
});

function Editor({ input, onDone, onCancel }: { input: TemplateEditorInput; onDone: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const [snapshot, send] = useMachine(editorLogic, { input, inspect });
  const api = connectTemplateEditor(snapshot, send);
  const done = api.state === 'done';
  useEffect(() => {
    if (done) onDone();
    // onDone closes this editor: once is enough.
  }, [done]);
  const input$ = (field: keyof EditorValues) => {
    const { 'data-state': state, ...rest } = api.getInputProps(field);
    return { ...rest, 'data-state': state };
  };
  const save = api.getSaveProps();
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="template-editor" {...api.getRootProps()}>
      {api.loading && (
        <Stack gap="3" data-testid="template-loading">
          <Skeleton h="8" />
          <Skeleton h="48" />
        </Stack>
      )}
      <ErrorAlert message={api.loadFailed && t('dynamic.admin.loadFailed', { message: api.failure ?? '' })} retry={api.getRetryProps()} data-testid="template-load-failed" />
      {api.open && (
        <>
          <ErrorAlert message={api.failure} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Field.Root required invalid={!!api.missing.code}>
              <Field.Label>
                {t('dynamic.admin.code')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" fontFamily="mono" maxLength={64} {...input$('code')} data-testid="template-code" />
              {api.missing.code && <Field.ErrorText>{t(api.missing.code)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={!!api.missing.name}>
              <Field.Label>
                {t('dynamic.admin.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" maxLength={100} {...input$('name')} data-testid="template-name" />
              {api.missing.name && <Field.ErrorText>{t(api.missing.name)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('dynamic.admin.nameEn')}</Field.Label>
              <Input size="sm" maxLength={100} {...input$('nameEn')} />
            </Field.Root>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <Field.Root invalid={api.problems.length > 0}>
              <HStack justify="space-between" width="full">
                <Field.Label>{t('dynamic.admin.fields')}</Field.Label>
                <Button size="xs" variant="ghost" {...api.getAsideProps(() => send({ type: 'FIELD.CHANGE', field: 'fields', value: JSON.stringify(EXAMPLE, null, 2) }))}>
                  {t('dynamic.admin.example')}
                </Button>
              </HStack>
              <Textarea size="sm" fontFamily="mono" rows={18} spellCheck={false} {...input$('fields')} data-testid="template-fields" />
              <LookupOffer text={api.values.fields} busy={api.busy} onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'fields', value })} />
              <Field.HelperText>{t('dynamic.admin.help', { types: FIELD_TYPES.join(', '), dataTypes: DATA_TYPES.join(', ') })}</Field.HelperText>
              {api.problems.length > 0 ? (
                <Box role="alert" data-testid="template-problems">
                  <Text fontSize="sm" color="fg.error">{t('dynamic.admin.problems', { count: api.problems.length })}</Text>
                  <List.Root fontSize="sm" color="fg.error" ps="4">
                    {api.problems.map((p, i) => (
                      <List.Item key={i}>
                        {p.path && <Text as="code" me="1">{p.path}</Text>}
                        {t(p.key, p.params)}
                      </List.Item>
                    ))}
                  </List.Root>
                </Box>
              ) : (
                <Text fontSize="sm" color="fg.success" data-testid="template-valid">{t('dynamic.admin.valid')}</Text>
              )}
            </Field.Root>
            <Stack gap="2">
              <Text fontWeight="medium">{t('dynamic.admin.preview')}</Text>
              {api.valid && <Preview key={api.values.fields} text={api.values.fields} name={api.values.name} />}
            </Stack>
          </SimpleGrid>
        </>
      )}
      <HStack justify="flex-end" gap="2">
        <Button size="sm" variant="outline" {...api.getCancelProps(onCancel)}>
          {t('dynamic.admin.cancel')}
        </Button>
        <BusyButton size="sm" colorPalette="blue" {...save} data-testid="save-template">
          {t('dynamic.admin.save')}
        </BusyButton>
      </HStack>
    </Stack>
  );
}

/** The form the template gives, drawn by the users' renderer; nothing is saved from it. */
function Preview({ text, name }: { text: string; name: string }) {
  const template = parseTemplateText(text).fields;
  const form = useDynamicForm({
    source: { kind: 'new', code: 'preview' },
    mode: 'edit',
    calls: {
      loadForm: async () => JSON.stringify({ templateCode: 'preview', templateName: name, template, templateData: [] }),
      saveForm: async () => {
        throw new Error('preview');
      },
    },
  });
  return <DynamicForm form={form} preview />;
}
