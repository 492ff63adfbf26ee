import { useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Box, Button, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18n } from '../../services/i18n/react';
import { useOpenDrawer, useShell } from '../../widgets/shell-context';
import { Greeting } from '../../widgets/Greeting';
import { useMenu } from '../../widgets/menu/use-menu';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { workbenchAreaCalls, workbenchLoaders } from '../../services/api/workbench';
import { inspect } from '../../services/inspector';
import { rememberCashFlowChoice, rememberedCashFlowChoice } from '../../services/cash-flow-choice';
import { toaster } from '../../widgets/request-layer/toaster';
import { workbenchLayoutMachine } from '../../machines/workbench-layout.machine';
import { connectWorkbenchLayout } from '../../machines/workbench-layout.connect';
import type { UserArea, WorkbenchAreaCode } from '../../shared/workbench-areas';
import { CASH_FLOW_CURRENCY_DEFAULT, CASH_FLOW_DAYS, CASH_FLOW_DAYS_DEFAULT, type Balances, type CashFlow } from '../../shared/contract/workbench';
import type { FlowTask } from '../../shared/contract/wkfl';
import { formatAmount, prepareAmountFormat } from '../../shared/format-amount';
import { formatDateTime } from '../../shared/date-format';
import { RESOURCE_ROUTES } from '../../resources/routes';
import { todoTaskPath } from '../todo/task-path';
import { WorkbenchPanel, type PanelApi } from './WorkbenchPanel';
import { CashFlowChart } from './CashFlowChart';
import { AreaSettingsTrigger } from './AreaSettingsTrigger';

type Reminders = { rows: Array<{ id: number; title: string; content: string; createdAt: string; status: string }>; total: number };
type Favourites = Array<{ funcId: number; functionName: string; funcUrl: string }>;

/**
 * Home page (portal-shell §1 "workbench dashboards"; docs/workbench.md): a greeting and the
 * user's areas, each loading on its own with its own loading, empty and error state: balances,
 * cash flow (drawn in SVG), reminders, to-do tasks and often-used menus. Which areas show, and
 * in what order, is the user's (the customise popover beside the greeting) among those the
 * system area settings offer. One column on a phone, two from md, three from xl.
 */
export default function WorkbenchView() {
  const ready = useLocaleModule('workbench');
  const { t, lang } = useI18n();
  const { user } = useShell();
  // The success toast speaks the language of when it shows, not of when the page opened.
  const tRef = useRef(t);
  tRef.current = t;
  const layoutLogic = useMemo(
    () =>
      workbenchLayoutMachine.provide({
        actors: {
          loadAreas: fromPromise<UserArea[]>(() => workbenchAreaCalls.load()),
          saveAreas: fromPromise<UserArea[], { areas: UserArea[] }>(({ input }) => workbenchAreaCalls.save(input.areas)),
          resetAreas: fromPromise<UserArea[]>(() => workbenchAreaCalls.reset()),
        },
        actions: { announceSaved: () => void toaster.create({ type: 'success', title: tRef.current('workbench.areas.saved'), closable: true }) },
      }),
    [],
  );
  const [liveLayout, sendLayout] = useMachine(layoutLogic, { inspect });
  // The areas' answer mounts every panel at once: taken in a deferred render, which React may
  // slice, not in the machine's synchronous update (issue 16: one long task on the home page).
  const layout = connectWorkbenchLayout(useDeferredValue(liveLayout), sendLayout);
  // The amounts' formatter is built while the panels load, in a task of its own, not in the render that first shows an amount.
  useEffect(() => {
    const id = setTimeout(() => prepareAmountFormat(lang));
    return () => clearTimeout(id);
  }, [lang]);
  // The greeting's words are the shell's (loaded with the page): it shows with the shell's first
  // render, the panels once the workbench's own messages and the user's areas are here (issue 16:
  // the greeting is the home page's largest paint, drawn first by the route guard while the shell loads).
  return (
    <Stack gap="4" data-testid="workbench" {...layout.getRootProps()}>
      {/* The greeting keeps the box the first paint gave it (issue 16: no shift); the customise
          button sits over its end. */}
      <Box position="relative">
        <Greeting user={user} />
        {ready && layout.ready && (
          <Box position="absolute" top="0" insetEnd="0">
            <AreaSettingsTrigger api={layout} />
          </Box>
        )}
      </Box>
      {/* Keyed by language: reminders, tasks and menu names come from the server in the reader's language. */}
      {ready && layout.ready && (layout.shown.length ? (
        <SimpleGrid key={lang} columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="workbench-panels">
          {layout.shown.map((code) => <Area key={code} code={code} />)}
        </SimpleGrid>
      ) : (
        <Text color="fg.muted" data-testid="workbench-no-areas">{t('workbench.areas.none')}</Text>
      ))}
    </Stack>
  );
}

/** One area's panel. */
function Area({ code }: { code: WorkbenchAreaCode }): ReactNode {
  switch (code) {
    case 'balances':
      return (
        <WorkbenchPanel name="balances" load={workbenchLoaders.balances}>
          {(data) => <BalancesBody data={data as Balances} />}
        </WorkbenchPanel>
      );
    case 'cashFlow':
      return <CashFlowArea />;
    case 'reminders':
      return (
        <WorkbenchPanel name="reminders" load={workbenchLoaders.reminders}>
          {(data) => <RemindersBody data={data as Reminders} />}
        </WorkbenchPanel>
      );
    case 'todo':
      return (
        <WorkbenchPanel name="todo" load={workbenchLoaders.todo}>
          {(data) => <TodoBody data={data as { rows: FlowTask[]; total: number }} />}
        </WorkbenchPanel>
      );
    case 'favourites':
      return <FavouritesArea />;
  }
}

function FavouritesArea() {
  // Stars are set in the menu: a change there reloads the often-used panel.
  const { favourites } = useMenu();
  return (
    <WorkbenchPanel name="favourites" load={workbenchLoaders.favourites} reloadKey={favourites.map((f) => f.id).join(',')}>
      {(data) => <FavouritesBody data={data as Favourites} />}
    </WorkbenchPanel>
  );
}

/** The cash flow, in the window and currency the user last chose (services/cash-flow-choice.ts). */
function CashFlowArea() {
  const { t, lang } = useI18n();
  const start = useMemo(rememberedCashFlowChoice, []);
  return (
    <WorkbenchPanel name="cashFlow" load={workbenchLoaders.cashFlow} params={start} remember={rememberCashFlowChoice} actions={(api) => <CashFlowChoice api={api} />}>
      {(data) => <CashFlowChart flow={data as CashFlow} lang={lang} labels={{ inflow: t('workbench.cashFlow.inflow'), outflow: t('workbench.cashFlow.outflow'), net: t('workbench.cashFlow.net'), summary: t('workbench.cashFlow.summary', { from: (data as CashFlow).from, to: (data as CashFlow).to }) }} />}
    </WorkbenchPanel>
  );
}

/** The cash flow's currency (those of the accounts the user may see) and its window. */
function CashFlowChoice({ api }: { api: PanelApi }) {
  const { t } = useI18n();
  const current = String(api.params.currencyCode ?? CASH_FLOW_CURRENCY_DEFAULT);
  // Known once the panel has answered (kept while it reloads); before that, the current one alone.
  const offered = (api.answered as CashFlow | null)?.currencies ?? [];
  const currencies = offered.includes(current) ? offered : [current, ...offered];
  return (
    <HStack gap="1" wrap="wrap">
      {currencies.length > 1 && (
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field aria-label={t('workbench.cashFlow.currency')} data-testid="cash-flow-currency" value={current} aria-disabled={api.state === 'loading' || undefined} onChange={(e) => api.getParamsProps({ currencyCode: e.currentTarget.value }, false).onClick()}>
            {currencies.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <WindowChoice api={api} />
    </HStack>
  );
}

function WindowChoice({ api }: { api: PanelApi }) {
  const { t } = useI18n();
  const current = Number(api.params.days ?? CASH_FLOW_DAYS_DEFAULT);
  return (
    <HStack gap="0" role="group" aria-label={t('workbench.cashFlow.window')}>
      {CASH_FLOW_DAYS.map((days) => (
        <Button key={days} size="xs" variant={days === current ? 'solid' : 'ghost'} {...api.getParamsProps({ days }, days === current)}>
          {t('workbench.cashFlow.days', { days })}
        </Button>
      ))}
    </HStack>
  );
}

function BalancesBody({ data }: { data: Balances }) {
  const { t, lang } = useI18n();
  return (
    <Stack gap="3">
      <Table.Root size="sm" data-testid="balance-currencies">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('workbench.balances.currency')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workbench.balances.accounts')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('workbench.balances.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.currencies.map((c) => (
            <Table.Row key={c.currencyCode}>
              <Table.Cell>{c.currencyCode}</Table.Cell>
              <Table.Cell textAlign="end">{c.accounts}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">{formatAmount(c.total, lang)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {data.top.length > 0 && (
        <Stack gap="1">
          <Text fontWeight="medium" fontSize="sm">{t('workbench.balances.top', { currency: data.top[0]!.currencyCode })}</Text>
          <Stack as="ul" listStyleType="none" gap="1" fontSize="sm" data-testid="balance-top">
            {data.top.map((a) => (
              <HStack as="li" key={a.acctNo} justify="space-between" gap="2">
                <Text truncate title={`${a.acctNo} ${a.acctName}`}>{a.acctName}</Text>
                <Text fontVariantNumeric="tabular-nums" flexShrink={0}>{formatAmount(a.balance, lang)}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

function RemindersBody({ data }: { data: Reminders }) {
  const { t } = useI18n();
  const openDrawer = useOpenDrawer();
  return (
    <Stack gap="2">
      <Stack as="ul" listStyleType="none" gap="2" data-testid="workbench-reminder-list">
        {data.rows.map((r) => (
          <li key={r.id} data-status={r.status}>
            <Text fontWeight={r.status === 'unread' ? 'semibold' : 'normal'}>{r.title}</Text>
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>{r.content}</Text>
            <Text fontSize="xs" color="fg.muted">{formatDateTime(r.createdAt)}</Text>
          </li>
        ))}
      </Stack>
      <Button size="sm" variant="outline" alignSelf="start" onClick={() => openDrawer('reminders')}>
        {t('shell.workbench.openReminders')} ({data.total})
      </Button>
    </Stack>
  );
}

function TodoBody({ data }: { data: { rows: FlowTask[]; total: number } }) {
  const { t } = useI18n();
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">{t('workbench.todo.count', { count: data.total })}</Text>
      <Stack as="ul" listStyleType="none" gap="2" data-testid="workbench-todo-list">
        {data.rows.map((task) => {
          // The task's review, over the to-do list, for a business this build has a page for.
          const known = RESOURCE_ROUTES.some((r) => r.code === task.businessType);
          return (
            <li key={task.instanceId}>
              {known ? <Link href={todoTaskPath(task)}>{`${task.businessName} ${task.title}`}</Link> : <Text>{`${task.businessName} ${task.title}`}</Text>}
              <Text fontSize="xs" color="fg.muted">{t('workbench.todo.line', { step: task.stepName, submitter: task.submitter, at: formatDateTime(task.submittedAt) })}</Text>
            </li>
          );
        })}
      </Stack>
      <Link href="/todo-list" data-testid="workbench-todo-all">
        {t('workbench.todo.openAll')}
      </Link>
    </Stack>
  );
}

function FavouritesBody({ data }: { data: Favourites }) {
  return (
    <Stack as="ul" listStyleType="none" gap="1" data-testid="workbench-favourites">
      {data.map((f) => (
        <li key={f.funcId}>
          <Link href={f.funcUrl}>{f.functionName}</Link>
        </li>
      ))}
    </Stack>
  );
}
