import { memo, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { Button, Card, HStack, Heading, Spinner, Text } from '@chakra-ui/react';
import { workbenchPanelMachine, type PanelResult, type WorkbenchPanelEvent } from '../../machines/workbench-panel.machine';
import { connectWorkbenchPanel, type WorkbenchPanelState } from '../../machines/workbench-panel.connect';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';

export type PanelApi = ReturnType<typeof connectWorkbenchPanel>;

/**
 * One workbench dashboard: a card with its title, its own loading, empty and error line and a
 * retry, and its content once loaded. Its own machine (workbench-panel.machine.ts), so it loads
 * and fails on its own.
 */
export function WorkbenchPanel({
  name,
  load,
  params,
  actions,
  reloadKey,
  remember,
  children,
}: {
  name: string;
  load: (params: Record<string, unknown>) => Promise<PanelResult>;
  params?: Record<string, unknown>;
  /** Extra controls in the header (the cash flow's window); given the panel's api. */
  actions?: (api: PanelApi) => ReactNode;
  /** A value whose change reloads the panel (the often-used menus after a star in the menu). */
  reloadKey?: unknown;
  /** Keeps the panel's params for the next visit (the cash flow's window and currency). */
  remember?: (params: Record<string, unknown>) => void;
  children: (data: unknown, api: PanelApi) => ReactNode;
}) {
  const machine = useMemo(
    () =>
      workbenchPanelMachine.provide({
        actors: { loadPanel: fromPromise(({ input }: { input: Record<string, unknown> }) => load(input)) },
        actions: { rememberParams: (_, params: Record<string, unknown>) => remember?.(params) },
      }),
    [load, remember],
  );
  const [live, send] = useMachine(machine, { input: { params }, inspect });
  const lastKey = useRef(reloadKey);
  useEffect(() => {
    if (lastKey.current !== reloadKey) send({ type: 'PANEL.RELOAD' });
    lastKey.current = reloadKey;
  }, [reloadKey, send]);
  // A machine's update renders at once (xstate's store subscription is synchronous); the card
  // takes it in a deferred render that React can slice and put off, so five panels answering
  // together do not make one long task each on the home page (issue 16).
  const snapshot = useDeferredValue(live);
  return <PanelCard snapshot={snapshot} send={send} name={name} actions={actions}>{children}</PanelCard>;
}

type PanelCardProps = {
  snapshot: SnapshotFrom<typeof workbenchPanelMachine>;
  send: (event: WorkbenchPanelEvent) => void;
  name: string;
  actions?: (api: PanelApi) => ReactNode;
  children: (data: unknown, api: PanelApi) => ReactNode;
};

const PanelCard = memo(function PanelCard({ snapshot, send, name, actions, children }: PanelCardProps) {
  const { t } = useI18n();
  const api = connectWorkbenchPanel(snapshot, send, name);
  const { 'aria-busy': busy, ...root } = api.getRootProps();
  return (
    // A card of fixed height whose body scrolls: the dashboard does not shift as a panel's rows
    // arrive (Lighthouse saw CLS 0.3–0.6 on the home page). Height on the card, not the body: the
    // body is a flex item, whose flex-basis would win over a height.
    <Card.Root {...root} aria-busy={busy} size="sm" minW="0" h="22rem">
      <Card.Header>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading size="md" as="h2" {...api.getTitleProps()}>
            {t(`workbench.${name}.title`)}
          </Heading>
          <HStack gap="1">
            {actions?.(api)}
            <Button size="xs" variant="ghost" {...api.getReloadProps()} aria-label={t('workbench.reload', { name: t(`workbench.${name}.title`) })}>
              {t('workbench.reloadShort')}
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body overflowY="auto" minH="0">
        <Status state={api.state} api={api} />
        <div {...api.getBodyProps()}>{api.state === 'ready' && children(api.data, api)}</div>
      </Card.Body>
    </Card.Root>
  );
});

function Status({ state, api }: { state: WorkbenchPanelState; api: PanelApi }) {
  const { t } = useI18n();
  const props = api.getStatusProps();
  if (props.hidden) return null;
  return (
    <HStack {...props} gap="2" color={state === 'failed' ? 'fg.error' : 'fg.muted'} wrap="wrap">
      {state === 'loading' && <Spinner size="xs" />}
      <Text>{api.message ?? t(api.statusKey ?? 'workbench.error')}</Text>
      {state === 'failed' && (
        <Button size="xs" variant="outline" {...api.getRetryProps()}>
          {t('workbench.retry')}
        </Button>
      )}
    </HStack>
  );
}
