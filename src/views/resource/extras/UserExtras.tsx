import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Button, Checkbox, Clipboard, CloseButton, Dialog, Field, HStack, Input, Menu, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contract, type DutyOption, type OnlineUser } from '../../../shared/contract';
import { call } from '../../../services/http/call';
import { inspect } from '../../../services/inspector';
import { useI18n } from '../../../services/i18n/react';
import { formatDateTime, formatDateTimeFull, parseDateTime } from '../../../shared/date-format';
import { userPasswordResetMachine, type PasswordResetAnswer } from '../../../machines/user-password-reset.machine';
import { connectPasswordReset } from '../../../machines/user-password-reset.connect';
import { userLockMachine, type LockState } from '../../../machines/user-lock.machine';
import { connectUserLock } from '../../../machines/user-lock.connect';
import { grantDialogMachine, type GrantsAnswer } from '../../../machines/grant-dialog.machine';
import { connectGrantDialog } from '../../../machines/grant-dialog.connect';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { DateInput } from '../../../widgets/date/DateInput';
import { PagedList } from '../../../widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../../widgets/paged-list/usePagedList';
import { useLocaleModule } from '../../../services/i18n/use-locale-module';
import { useMountedDialog } from './dialog-mount';
import type { RowExtraProps, ToolbarExtraProps } from './types';
import { RowButton } from '../../../widgets/table';
import { BusyButton } from '../../../widgets/BusyButton';

const api = contract.userAdmin;
type Dialogs = 'reset' | 'lock' | 'stations';
const USER_ROW_ITEMS: Array<{ dialog: Dialogs; code: string; label: string }> = [
  { dialog: 'reset', code: 'resetPassword', label: 'admin.user.resetPassword' },
  { dialog: 'lock', code: 'lock', label: 'admin.user.lock' },
  { dialog: 'stations', code: 'stations', label: 'admin.user.stations' },
];

/** How the row names its user in dialogs: name and code. */
const nameOf = (row: RowExtraProps['row']) => `${String(row.userName ?? '')} (${String(row.userCode ?? row.id)})`;

/**
 * A user row's extra actions (issue 10 point 3) in a "More" menu: reset password, lock or
 * unlock, duty stations. Each opens its dialog, mounted while open; none for a cancelled user.
 */
export function UserRowActions({ row, reload, display }: RowExtraProps) {
  const { t } = useI18n();
  const ready = useLocaleModule('admin');
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const close = useCallback(() => setDialog(null), []);
  // The menu's items by their hide-button codes (RESOURCE_EXTRA_BUTTONS); no item left, no menu.
  const items = USER_ROW_ITEMS.filter((item) => display.button(item.code));
  if (!ready || row.recordState === 'nullified' || items.length === 0) return null;
  const user = nameOf(row);
  return (
    <>
      {/* Its items are drawn only while it is open, as RowActions' menu: one menu a row. */}
      <Menu.Root lazyMount unmountOnExit onSelect={(d) => setDialog(d.value as Dialogs)}>
        <Menu.Trigger asChild>
          <RowButton part="row-menu" data-action="user-extras" aria-label={t('admin.user.moreLabel', { user })}>
            {t('admin.user.more')}
          </RowButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {items.map((item) => (
                <Menu.Item key={item.dialog} value={item.dialog}>{t(item.label)}</Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'reset' && <ResetPasswordDialog userId={row.id} user={user} onClosed={close} />}
      {dialog === 'lock' && <LockDialog userId={row.id} user={user} onClosed={close} onSaved={reload} />}
      {dialog === 'stations' && <StationsDialog userId={row.id} user={user} onClosed={close} />}
    </>
  );
}

function ResetPasswordDialog({ userId, user, onClosed }: { userId: number; user: string; onClosed: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () => userPasswordResetMachine.provide({ actors: { resetPassword: fromPromise<PasswordResetAnswer, void>(() => call(api.resetPassword, { id: userId })) } }),
    [userId],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectPasswordReset(snapshot, send);
  useMountedDialog(view.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  return (
    <Dialog.Root {...view.getDialogProps()} role="alertdialog" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reset-password-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('admin.reset.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <ErrorAlert message={view.error} />
                {view.shown ? (
                  <>
                    <Text>{t('admin.reset.done', { user })}</Text>
                    <Clipboard.Root value={view.password ?? ''}>
                      <HStack>
                        <Input {...view.getPasswordProps()} aria-label={t('admin.reset.password')} fontFamily="mono" />
                        <Clipboard.Trigger asChild>
                          <Button size="sm" variant="outline">
                            <Clipboard.Indicator copied={t('admin.reset.copied')}>{t('admin.reset.copy')}</Clipboard.Indicator>
                          </Button>
                        </Clipboard.Trigger>
                      </HStack>
                    </Clipboard.Root>
                  </>
                ) : (
                  <Text>{t('admin.reset.question', { user })}</Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {view.shown ? (
                <Button size="sm" colorPalette="blue" {...view.getCloseProps()}>{t('admin.reset.close')}</Button>
              ) : (
                <>
                  <Button size="sm" variant="outline" {...view.getCloseProps()}>{t('admin.reset.cancel')}</Button>
                  <BusyButton size="sm" colorPalette="red" {...view.getConfirmProps()}>{t('admin.reset.confirm')}</BusyButton>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The end as typed (local time, DATE_TIME_FORMAT; the machine sends none other) as the server's ISO time. */
const toIso = (local: string) => parseDateTime(local).toISOString();

function LockDialog({ userId, user, onClosed, onSaved }: { userId: number; user: string; onClosed: () => void; onSaved: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () =>
      userLockMachine.provide({
        actors: {
          loadLock: fromPromise<LockState, void>(() => call(api.lockState, { id: userId })),
          saveLock: fromPromise<LockState, { lockedUntil: string | null }>(({ input }) => call(api.changeLockedTime, { id: userId, lockedUntil: input.lockedUntil === null ? null : toIso(input.lockedUntil) })),
        },
        actions: { announceSaved: () => onSaved() },
      }),
    [userId, onSaved],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectUserLock(snapshot, send);
  useMountedDialog(view.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  const current = view.current;
  return (
    <Dialog.Root {...view.getDialogProps()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="lock-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('admin.lock.title', { user })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {view.loading && <Spinner role="status" aria-label={t('global.loading')} />}
                <ErrorAlert message={view.error} />
                {view.loadFailed && (
                  <Button size="sm" variant="outline" alignSelf="start" {...view.getRetryProps()}>{t('admin.lock.retry')}</Button>
                )}
                {current && (
                  <>
                    <HStack>
                      <Text color="fg.muted">{t('admin.lock.current')}</Text>
                      <Badge colorPalette={current.locked ? 'red' : 'green'} data-part="lock-state">
                        {current.locked && current.lockedUntil ? t('admin.lock.lockedUntil', { time: formatDateTime(current.lockedUntil) }) : t('admin.lock.notLocked')}
                      </Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">{t('admin.lock.explain')}</Text>
                    <Field.Root invalid={view.problem !== null}>
                      <Field.Label>{t('admin.lock.until')}</Field.Label>
                      <DateInput label={t('admin.lock.until')} {...view.getUntilProps()} />
                      {view.problem && <Field.ErrorText>{t(view.problem)}</Field.ErrorText>}
                    </Field.Root>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" {...view.getCloseProps()}>{t('admin.lock.close')}</Button>
              {current?.locked && (
                <BusyButton size="sm" variant="outline" colorPalette="green" {...view.getUnlockProps()}>{t('admin.lock.unlock')}</BusyButton>
              )}
              <BusyButton size="sm" colorPalette="red" {...view.getLockProps()}>{t('admin.lock.lock')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function StationsDialog({ userId, user, onClosed }: { userId: number; user: string; onClosed: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () =>
      grantDialogMachine.provide({
        actors: {
          loadGrants: fromPromise<GrantsAnswer, void>(async () => {
            const stations = await call(api.dutyStations, { id: userId });
            return { items: stations.duties, selected: stations.held };
          }),
          saveGrants: fromPromise<unknown, { selected: number[] }>(({ input }) => call(api.saveDutyStations, { id: userId, dutyIds: input.selected })),
        },
      }),
    [userId],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectGrantDialog<DutyOption>(snapshot, send);
  useMountedDialog(view.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  return (
    <Dialog.Root {...view.getDialogProps()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="stations-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('admin.stations.title', { user })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text fontSize="sm" color="fg.muted">{t('admin.stations.explain')}</Text>
                {/* The menu is read when the shell starts: say when the user will see a change. */}
                <Text fontSize="sm" color="fg.muted">{t('admin.stations.menuHint')}</Text>
                {view.loading && <Spinner role="status" aria-label={t('global.loading')} />}
                <ErrorAlert message={view.error} />
                {view.loadFailed && (
                  <Button size="sm" variant="outline" alignSelf="start" {...view.getRetryProps()}>{t('admin.stations.retry')}</Button>
                )}
                {!view.loading && !view.loadFailed && view.items.length === 0 && <Text>{t('admin.stations.empty')}</Text>}
                {view.items.map((duty) => {
                  const { onCheckedChange, ...item } = view.getItemProps(duty.id);
                  return (
                    <Checkbox.Root key={duty.id} {...item} onCheckedChange={onCheckedChange} data-testid="station">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {duty.dutyName} <Text as="span" color="fg.muted">({duty.dutyCode})</Text>
                        {(duty.recordState !== 'approved' || !duty.enabled) && (
                          <Badge ms="2" size="sm">{t(`resource.state.${duty.recordState}${duty.recordState === 'approved' ? 'Disabled' : ''}`)}</Badge>
                        )}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" {...view.getCloseProps()}>{t('admin.stations.close')}</Button>
              <BusyButton size="sm" colorPalette="blue" {...view.getSaveProps()}>{t('admin.stations.save')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const fetchOnline: FetchPage<OnlineUser> = ({ start, limit }) => call(api.onlineUsers, { start, limit });

/** The user page's toolbar: the online users, in a dialog, listed while it is open. */
export function UserToolbar({ display }: ToolbarExtraProps) {
  const { t } = useI18n();
  const ready = useLocaleModule('admin');
  const [open, setOpen] = useState(false);
  if (!ready || !display.button('onlineUsers')) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-part="online-users">
        {t('admin.user.onlineUsers')}
      </Button>
      <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} size="xl" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="online-users">
              <Dialog.Header>
                <Dialog.Title>{t('admin.online.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{open && <OnlineUsers />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('admin.online.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function OnlineUsers() {
  const { t } = useI18n();
  const list = usePagedList(fetchOnline);
  return (
    <Stack gap="3">
      <HStack justify="flex-end">
        <Button size="xs" variant="outline" {...list.getRefreshProps()}>{t('admin.online.refresh')}</Button>
      </HStack>
      <PagedList api={list} empty={t('admin.online.empty')}>
        {(rows) => (
          <Box overflowX="auto">
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('admin.online.userCode')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.online.userName')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.online.orgCode')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.online.loginAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.online.lastSeenAt')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((r) => (
                  <Table.Row key={`${r.userId}-${r.loginAt}`} data-testid="online-user" {...list.getRowProps(r)}>
                    <Table.Cell>{r.userCode}</Table.Cell>
                    <Table.Cell>{r.userName}</Table.Cell>
                    <Table.Cell>{r.orgCode ?? ''}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTimeFull(r.loginAt)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDateTimeFull(r.lastSeenAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </PagedList>
    </Stack>
  );
}

