import { useRef } from 'react';
import { Alert, Button, Checkbox, CloseButton, Dialog, Field, HStack, IconButton, Input, NativeSelect, Popover, Portal, Stack, Switch, Table, Tabs, Text } from '@chakra-ui/react';
import type { QueryPageApi } from '../../machines/query-page.connect';
import { DIALOG_WIDTH, HIDDEN_FIELD_DIALOG_MAX_HEIGHT, SAVED_QUERY_MAX_DEFAULT } from '../../shared/constants';
import { contract, maxLengthOf } from '../../shared/contract';
import { DEFAULT_VALUE_MAX } from '../../shared/contract/query-settings';
import { REQUIRED_KEEP, REQUIRED_NO, REQUIRED_YES } from '../../shared/query-rules';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';
import { BusyButton } from '../BusyButton';

/** The input's bound is the wire's (64); the rule of 6 characters (code points) is checked and said inline. */
const NAME_INPUT_MAX = maxLengthOf(contract.querySettings.saveQuery, 'name') ?? 64;

/** The save-search dialog: name (at most 6 characters), default flag; problems inline. */
export function SaveQueryDialog({ api }: { api: QueryPageApi }) {
  const { t } = useI18n();
  // Where the focus starts, told to the dialog rather than taken by an autoFocus: that would take
  // it before the dialog's trap noted where it came from (the Save search button), and the trap
  // would give it back to this field, gone with the dialog: the page's body.
  const nameField = useRef<HTMLInputElement>(null);
  const d = api.saveDialog;
  const nameProblem = d.problem === 'nameRequired' || d.problem === 'nameTooLong' ? t(`query.save.${d.problem}`, { max: api.nameMax }) : null;
  const formProblem = d.problem === 'noFilter' || d.problem === 'tooMany' || d.problem === 'formInvalid' ? t(`query.save.${d.problem}`, { max: SAVED_QUERY_MAX_DEFAULT }) : null;
  const name = api.getSaveNameProps(NAME_INPUT_MAX);
  const isDefault = api.getSaveDefaultProps();
  return (
    <Dialog.Root {...api.getSaveDialogProps()} placement="center" lazyMount unmountOnExit initialFocusEl={() => nameField.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="save-query-dialog">
            <form {...api.getSaveFormProps()}>
              <Dialog.Header>
                <Dialog.Title>{t('query.save.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <ErrorAlert message={formProblem ?? d.error} />
                  <Field.Root invalid={nameProblem !== null} required>
                    <Field.Label>
                      {t('query.save.name')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input size="sm" ref={nameField} {...name} />
                    {nameProblem ? <Field.ErrorText>{nameProblem}</Field.ErrorText> : <Field.HelperText>{t('query.save.nameHint', { max: api.nameMax })}</Field.HelperText>}
                  </Field.Root>
                  <Checkbox.Root size="sm" {...isDefault}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('query.save.default')}</Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="sm" variant="outline" {...api.getSaveCancelProps()}>
                  {t('query.save.cancel')}
                </Button>
                <BusyButton size="sm" colorPalette="blue" {...api.getSaveSubmitProps()}>
                  {t('query.save.submit')}
                </BusyButton>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The settings popover: an order tab (up and down among the shown fields), saved for this user only. */
export function OrderPopover({ api }: { api: QueryPageApi }) {
  const { t } = useI18n();
  const trigger = api.getOrderTriggerProps();
  return (
    <Popover.Root {...api.getOrderPopoverProps()} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={t('query.actions.settings')} title={t('query.actions.settings')} data-part={trigger['data-part']} data-state={trigger['data-state']} disabled={trigger.disabled} data-testid="query-settings">
          ⚙
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs" maxW="95vw" data-testid="query-settings-popover">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Popover.Title fontWeight="semibold">{t('query.order.title')}</Popover.Title>
                <ErrorAlert message={api.order.error} />
                <Tabs.Root defaultValue="order" size="sm" variant="line">
                  <Tabs.List>
                    <Tabs.Trigger value="order">{t('query.order.tab')}</Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="order">
                    <Text fontSize="xs" color="fg.muted" mb="2">
                      {t('query.order.hint')}
                    </Text>
                    <Stack as="ol" gap="1" m="0" p="0" listStyleType="none" maxH="64" overflowY="auto">
                      {api.order.draft.map((f) => {
                        const up = api.getMoveProps(f.name, -1);
                        const down = api.getMoveProps(f.name, 1);
                        return (
                          <HStack as="li" key={f.name} justify="space-between" data-field={f.name}>
                            <Text fontSize="sm" truncate>
                              {f.label}
                            </Text>
                            <HStack gap="1">
                              <IconButton size="2xs" variant="outline" aria-label={t('query.order.moveUp', { field: f.label })} {...up}>
                                ↑
                              </IconButton>
                              <IconButton size="2xs" variant="outline" aria-label={t('query.order.moveDown', { field: f.label })} {...down}>
                                ↓
                              </IconButton>
                            </HStack>
                          </HStack>
                        );
                      })}
                    </Stack>
                  </Tabs.Content>
                </Tabs.Root>
                <HStack justify="flex-end" gap="2">
                  <Button size="xs" variant="ghost" {...api.getOrderResetProps()}>
                    {t('query.order.reset')}
                  </Button>
                  <Button size="xs" variant="outline" {...api.getOrderCancelProps()}>
                    {t('query.order.cancel')}
                  </Button>
                  <BusyButton size="xs" colorPalette="blue" {...api.getOrderSaveProps()} data-testid="query-order-save">
                    {t('query.order.save')}
                  </BusyButton>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/**
 * The hidden-field settings (administrators; widgets §2, §5, §6): 1000 px wide, at most 400 px
 * high and scrolling. Per field: shown or hidden, the default value (JSON text of an object,
 * `$now` for today), required 1 keep / 2 required / 3 optional; each row saves on its own and
 * answers "操作成功!" or "操作失败!".
 */
export function HiddenFieldDialog({ api }: { api: QueryPageApi }) {
  const { t } = useI18n();
  const h = api.hidden;
  return (
    <Dialog.Root {...api.getHiddenDialogProps()} placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={`${DIALOG_WIDTH.hiddenField}px`} maxW="95vw" data-testid="hidden-field-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('query.hidden.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body maxH={`${HIDDEN_FIELD_DIALOG_MAX_HEIGHT}px`} overflowY="auto" data-testid="hidden-field-body">
              <Stack gap="3">
                {h.notice && (
                  <Alert.Root status={h.notice === 'saved' ? 'success' : 'error'} role="status" size="sm" data-testid="hidden-field-notice">
                    <Alert.Indicator />
                    <Alert.Title>{t(`query.hidden.${h.notice}`)}</Alert.Title>
                  </Alert.Root>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {t('query.hidden.hint')}
                </Text>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('query.hidden.field')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('query.hidden.show')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('query.hidden.defaultVal')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('query.hidden.required')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {h.rows.map(({ row, field }) => {
                      const show = api.getHiddenShowProps(row.prop);
                      const problem = api.hiddenProblem(row.prop);
                      const required = api.getHiddenRequiredProps(row.prop);
                      return (
                        <Table.Row key={row.prop} data-field={row.prop} data-testid="hidden-field-row">
                          <Table.Cell>{field.label}</Table.Cell>
                          <Table.Cell>
                            <Switch.Root size="sm" checked={show.checked} disabled={show.disabled} onCheckedChange={show.onCheckedChange} data-part={show['data-part']}>
                              <Switch.HiddenInput aria-label={`${t('query.hidden.show')}: ${field.label}`} />
                              <Switch.Control />
                            </Switch.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <Field.Root invalid={problem !== null}>
                              <Input size="xs" fontFamily="mono" maxLength={DEFAULT_VALUE_MAX} aria-label={`${t('query.hidden.defaultVal')}: ${field.label}`} placeholder='{"value": "$now"}' {...api.getHiddenDefaultProps(row.prop)} />
                              {problem && <Field.ErrorText>{t(problem)}</Field.ErrorText>}
                            </Field.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <NativeSelect.Root size="xs" disabled={required.disabled}>
                              <NativeSelect.Field aria-label={`${t('query.hidden.required')}: ${field.label}`} value={required.value} onChange={required.onChange} data-part={required['data-part']}>
                                <option value={REQUIRED_KEEP}>{t('query.hidden.requiredKeep')}</option>
                                <option value={REQUIRED_YES}>{t('query.hidden.requiredYes')}</option>
                                <option value={REQUIRED_NO}>{t('query.hidden.requiredNo')}</option>
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Table.Cell>
                          <Table.Cell>
                            <BusyButton size="xs" colorPalette="blue" {...api.getHiddenSaveProps(row.prop)}>
                              {t('query.hidden.save')}
                            </BusyButton>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button size="sm" variant="outline">
                  {t('query.hidden.close')}
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('query.hidden.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
