import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Alert, Badge, Box, Button, Card, Field, Flex, Grid, Heading, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { functionTreeMachine, type FormField, type SaveInput } from '../../machines/function-tree.machine';
import { connectFunctionTree } from '../../machines/function-tree.connect';
import { functionTreeApi } from '../../services/api/function-tree';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { inspect } from '../../services/inspector';
import { FUNCTION_NAME_MAX, FUNCTION_URL_MAX, type TreeFunction } from '../../shared/function-tree';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { BusyButton } from '../../widgets/BusyButton';
import { AlertDialog } from '../../widgets/request-layer/AlertDialog';

const logic = functionTreeMachine.provide({
  actors: {
    loadTree: fromPromise(() => functionTreeApi.query()),
    saveFunction: fromPromise(({ input }: { input: SaveInput }) => functionTreeApi.save(input)),
    deleteFunction: fromPromise(({ input }: { input: { id: number; version: number } }) => functionTreeApi.delete(input)),
  },
});

const INDENT = 4;

/** A yes-or-no question over the page (discard changes, delete a function), in the request layer's alert frame; Escape answers no. */
function Question({ open, title, text, confirm, cancel, testId, confirmProps, cancelProps }: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  testId: string;
  confirmProps: { busy?: boolean } & Record<string, unknown>;
  cancelProps: { onClick: () => void } & Record<string, unknown>;
}) {
  return (
    <AlertDialog
      open={open}
      testId={testId}
      title={title}
      onDismiss={cancelProps.onClick}
      footer={
        <>
          <Button size="sm" variant="outline" {...cancelProps}>{cancel}</Button>
          <BusyButton size="sm" colorPalette="red" {...confirmProps}>{confirm}</BusyButton>
        </>
      }
    >
      <Text>{text}</Text>
    </AlertDialog>
  );
}

/** The function tree (docs/function-tree.md): the menu's functions, one of them edited beside the tree. */
export default function FunctionTreeView() {
  const { t, lang } = useI18n();
  const ready = useLocaleModule('admin');
  const [snapshot, send] = useMachine(logic, { inspect });
  const api = connectFunctionTree(snapshot, send);
  const nameOf = (f: TreeFunction) => (lang === 'en-US' ? f.functionNameEn : f.functionName);
  const firstField = useRef<HTMLInputElement>(null);
  // A function chosen or begun goes to the form's first field, so typing starts there.
  const formKey = `${api.mode}:${api.selected?.id ?? ''}`;
  useEffect(() => {
    if (api.mode !== 'none') firstField.current?.focus({ preventScroll: false });
  }, [formKey]);

  const field = (name: Exclude<FormField, 'fatherFunctionId'>, max: number, extra: { ref?: typeof firstField; hint?: string; inputMode?: 'numeric' } = {}) => {
    const { invalid, error, ...input } = api.getFieldProps(name);
    return (
      <Field.Root invalid={invalid} required={name === 'functionName' || name === 'functionNameEn' || name === 'funcOrder'}>
        <Field.Label>{t(`admin.functionTree.field.${name}`)}</Field.Label>
        <Input {...input} ref={extra.ref} type="text" autoComplete="off" maxLength={max} inputMode={extra.inputMode} />
        {error ? <Field.ErrorText>{t(`admin.functionTree.problem.${error}`)}</Field.ErrorText> : extra.hint ? <Field.HelperText>{extra.hint}</Field.HelperText> : null}
      </Field.Root>
    );
  };

  if (!ready) return <Skeleton h="40" />;
  const { invalid: _invalid, error: _error, ...parent } = api.getFieldProps('fatherFunctionId');
  return (
    <Card.Root data-testid="function-tree" {...api.getRootProps()}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading size="lg">{t('admin.functionTree.heading')}</Heading>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" variant="outline" {...api.getAddTopProps()}>{t('admin.functionTree.addTop')}</Button>
            <Button size="sm" variant="outline" {...api.getReloadProps()}>{t('admin.functionTree.reload')}</Button>
          </Flex>
        </Flex>
        <Text color="fg.muted" fontSize="sm">{t('admin.functionTree.explain')}</Text>
      </Card.Header>
      <Card.Body>
        {api.failed && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('admin.functionTree.loadFailed', { message: api.serverMessage ?? '' })}</Alert.Title>
          </Alert.Root>
        )}
        {api.loading && api.total === 0 && (
          <Stack gap="2" aria-busy="true">
            <Skeleton h="6" />
            <Skeleton h="6" />
            <Skeleton h="6" />
          </Stack>
        )}
        {api.total > 0 && (
          <Grid templateColumns={{ base: '1fr', md: 'minmax(16rem, 2fr) 3fr' }} gap="6" alignItems="start">
            <Stack gap="2" minW="0">
              <Input {...api.getFilterProps()} size="sm" type="search" aria-label={t('admin.functionTree.filter')} placeholder={t('admin.functionTree.filter')} />
              <Box as="nav" aria-label={t('admin.functionTree.tree')} maxH={{ base: '50vh', md: '70vh' }} overflowY="auto" borderWidth="1px" rounded="md" p="1">
                {api.rows.length === 0 && <Text p="2" color="fg.muted" fontSize="sm">{t('admin.functionTree.noMatch')}</Text>}
                <Box as="ul" listStyleType="none" m="0" p="0">
                  {api.rows.map(({ node, depth, leaf }) => {
                    const props = api.getNodeProps(node, depth);
                    return (
                      <Box as="li" key={node.id}>
                        <Button {...props} variant={props['data-state'] === 'selected' ? 'subtle' : 'ghost'} size="sm" w="full" justifyContent="flex-start" ps={2 + depth * INDENT} fontWeight={leaf ? 'normal' : 'semibold'} data-testid="function-node">
                          <Text as="span" truncate>{nameOf(node)}</Text>
                          {node.funcUrl && <Text as="span" color="fg.muted" fontSize="xs" truncate>{node.funcUrl}</Text>}
                        </Button>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            </Stack>
            <Box minW="0">
              {api.mode === 'none' ? (
                <Text color="fg.muted">{t('admin.functionTree.choose')}</Text>
              ) : (
                <form {...api.getFormProps()} aria-label={t(api.mode === 'add' ? 'admin.functionTree.adding' : 'admin.functionTree.editing')}>
                  <Stack gap="4">
                    <Flex align="center" gap="2" wrap="wrap">
                      <Heading size="md">{api.mode === 'add' ? t('admin.functionTree.adding') : t('admin.functionTree.editingName', { name: api.selected ? nameOf(api.selected) : '' })}</Heading>
                      {api.mode === 'edit' && api.selected && <Badge data-testid="function-grants">{t('admin.functionTree.grants', { count: api.selected.dutyCount })}</Badge>}
                    </Flex>
                    <Field.Root>
                      <Field.Label>{t('admin.functionTree.field.fatherFunctionId')}</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field {...parent} onChange={(e) => parent.onChange(e)}>
                          <option value="">{t('admin.functionTree.top')}</option>
                          {api.parentOptions.map((o) => (
                            <option key={o.value} value={o.value}>{`${'\u00a0'.repeat(o.depth * 3)}${nameOf(o.node)}`}</option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    {field('functionName', FUNCTION_NAME_MAX, { ref: firstField })}
                    {field('functionNameEn', FUNCTION_NAME_MAX)}
                    {field('funcUrl', FUNCTION_URL_MAX, { hint: t('admin.functionTree.urlHint') })}
                    {field('funcOrder', 4, { inputMode: 'numeric', hint: t('admin.functionTree.orderHint') })}
                    <ErrorAlert message={api.serverMessage} />
                    {api.notice && (
                      <Alert.Root status="success" role="status">
                        <Alert.Indicator />
                        <Alert.Title>{t(`admin.functionTree.notice.${api.notice}`)}</Alert.Title>
                      </Alert.Root>
                    )}
                    <Flex gap="2" wrap="wrap">
                      <BusyButton colorPalette="blue" size="sm" {...api.getSaveProps()} loadingText={t('admin.functionTree.saving')}>{t('admin.functionTree.save')}</BusyButton>
                      <BusyButton variant="outline" size="sm" {...api.getResetProps()}>{t('admin.functionTree.reset')}</BusyButton>
                      {api.mode === 'edit' && <Button variant="outline" size="sm" {...api.getAddChildProps()}>{t('admin.functionTree.addChild')}</Button>}
                      {api.mode === 'edit' && <BusyButton variant="outline" colorPalette="red" size="sm" {...api.getDeleteProps()}>{t('admin.functionTree.delete')}</BusyButton>}
                    </Flex>
                    {api.mode === 'edit' && api.keepReason && <Text fontSize="sm" color="fg.muted" data-testid="function-keep-reason">{t(`admin.functionTree.keep.${api.keepReason}`)}</Text>}
                  </Stack>
                </form>
              )}
            </Box>
          </Grid>
        )}
        {api.notice === 'deleted' && api.mode === 'none' && (
          <Alert.Root status="success" role="status" mt="4">
            <Alert.Indicator />
            <Alert.Title>{t('admin.functionTree.notice.deleted')}</Alert.Title>
          </Alert.Root>
        )}
      </Card.Body>
      <Question
        open={api.discardOpen}
        title={t('admin.functionTree.discard.title')}
        text={t('admin.functionTree.discard.text')}
        confirm={t('admin.functionTree.discard.confirm')}
        cancel={t('admin.functionTree.discard.cancel')}
        testId="function-discard"
        confirmProps={api.getDiscardConfirmProps()}
        cancelProps={api.getDiscardCancelProps()}
      />
      <Question
        open={api.deleteOpen}
        title={t('admin.functionTree.deleteQuestion.title')}
        text={t('admin.functionTree.deleteQuestion.text', { name: api.selected ? nameOf(api.selected) : '' })}
        confirm={t('admin.functionTree.delete')}
        cancel={t('admin.functionTree.discard.cancel')}
        testId="function-delete"
        confirmProps={api.getDeleteConfirmProps()}
        cancelProps={api.getDeleteCancelProps()}
      />
    </Card.Root>
  );
}
