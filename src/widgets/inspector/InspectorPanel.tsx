import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Badge, Box, Button, CloseButton, Code, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { inspectorStore, type InspectedActor, type InspectorLogEntry, type InspectorStore } from '../../services/inspector';
import { useI18n } from '../../services/i18n/react';
import { actorTree, defaultActor } from './actor-tree';
import { MachineDiagram } from './MachineDiagram';
import { isInspectorShortcut, wantsInspector } from './open-inspector';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

/** How often the open panel re-reads actor statuses (stopping an actor reports nothing). */
const STATUS_REFRESH_MS = 1000;
const PANEL_HEIGHT = '46vh';
const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The developer panel, mounted once by AppProviders when the build has the inspector. It
 * stays closed until `?inspect=1` or Alt+Shift+I, then lists the live actors as a tree and
 * shows the chosen one's state on its diagram, its (redacted) context and the event log.
 */
export default function InspectorPanel({ store = inspectorStore }: { store?: InspectorStore }) {
  const [open, setOpen] = useState(() => wantsInspector(window.location));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isInspectorShortcut(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    const onHash = () => wantsInspector(window.location) && setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
  if (!open || !store) return null;
  return <InspectorWindow store={store} onClose={() => setOpen(false)} />;
}

function InspectorWindow({ store, onClose }: { store: InspectorStore; onClose: () => void }) {
  const ready = useLocaleModule('inspector');
  const { t } = useI18n();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => {
    store.refresh();
    const timer = window.setInterval(() => store.refresh(), STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [store]);
  // Docked like a browser's devtools: the page keeps the space above the panel and scrolls
  // there, so nothing of the page is hidden behind it.
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const before = { height: root.style.height, overflow: root.style.overflow };
    Object.assign(root.style, { height: `calc(100vh - ${PANEL_HEIGHT})`, overflow: 'auto' });
    return () => void Object.assign(root.style, before);
  }, []);
  const [chosen, setChosen] = useState<string | null>(null);
  const actors = state.actors;
  const selected = actors.find((a) => a.id === chosen) ?? defaultActor(actors);
  if (!ready) return null;

  return (
    <Box
      as="aside"
      role="complementary"
      aria-label={t('inspector.title')}
      data-testid="inspector"
      position="fixed"
      insetX="0"
      bottom="0"
      h={PANEL_HEIGHT}
      zIndex="max"
      bg="bg"
      borderTopWidth="2px"
      borderColor="orange.500"
      boxShadow="lg"
      display="flex"
      flexDirection="column"
      fontSize="sm"
    >
      <Flex align="center" gap="3" px="3" py="1.5" borderBottomWidth="1px" bg="bg.subtle">
        <Heading size="sm">{t('inspector.title')}</Heading>
        <Text color="fg.muted" fontSize="xs">
          {t('inspector.shortcut')} · {t('inspector.redacted')}
        </Text>
        <Box flex="1" />
        <Button size="xs" variant="outline" onClick={() => store.clearLog()}>
          {t('inspector.clear')}
        </Button>
        <CloseButton size="xs" aria-label={t('inspector.close')} onClick={onClose} />
      </Flex>
      <Grid templateColumns="minmax(12rem, 18%) 1fr minmax(16rem, 28%)" flex="1" minH="0">
        <Box overflow="auto" borderEndWidth="1px" p="2" aria-label={t('inspector.actors')} role="tree">
          <Text fontWeight="semibold" mb="1">
            {t('inspector.actors')}
          </Text>
          {actors.length === 0 && <Text color="fg.muted">{t('inspector.noActors')}</Text>}
          {actorTree(actors).map(({ actor, depth }) => (
            <Box
              key={actor.id}
              as="button"
              role="treeitem"
              aria-selected={actor.id === selected?.id}
              data-testid="inspector-actor"
              data-actor-name={actor.name}
              display="flex"
              alignItems="center"
              gap="1"
              w="full"
              textAlign="start"
              ps={`${0.5 + depth}rem`}
              py="0.5"
              rounded="sm"
              bg={actor.id === selected?.id ? 'orange.subtle' : undefined}
              opacity={actor.status === 'active' ? 1 : 0.6}
              onClick={() => setChosen(actor.id)}
            >
              <Text as="span" truncate>
                {actor.name}
              </Text>
              <Badge size="xs" variant="surface">
                {t(`inspector.statusValue.${actor.status}`)}
              </Badge>
            </Box>
          ))}
        </Box>
        <Box overflow="auto" p="2" minW="0">
          {selected ? <ActorDetails actor={selected} /> : <Text color="fg.muted">{t('inspector.pickActor')}</Text>}
        </Box>
        <EventLog entries={state.log} />
      </Grid>
    </Box>
  );
}

function ActorDetails({ actor }: { actor: InspectedActor }) {
  const { t } = useI18n();
  return (
    <Stack gap="2" data-testid="inspector-details" data-actor-name={actor.name}>
      <Flex gap="3" wrap="wrap" align="baseline">
        <Heading size="xs">{actor.name}</Heading>
        {actor.machineId && actor.machineId !== actor.name && <Code size="sm">{actor.machineId}</Code>}
        <Text>
          {t('inspector.state')}: <Code data-testid="inspector-state">{valueText(actor.value)}</Code>
        </Text>
        <Text>
          {t('inspector.status')}: {t(`inspector.statusValue.${actor.status}`)}
        </Text>
        {actor.tags.length > 0 && (
          <Text>
            {t('inspector.tags')}: {actor.tags.join(', ')}
          </Text>
        )}
      </Flex>
      {actor.machineId && (
        <MachineDiagram machineId={actor.machineId} activeStateIds={actor.activeStateIds} loadingText={t('inspector.diagramLoading')} missingText={t('inspector.diagramMissing')} retryText={t('inspector.diagramRetry')} fit />
      )}
      <Box>
        <Text fontWeight="semibold">{t('inspector.context')}</Text>
        <Box as="pre" data-testid="inspector-context" fontSize="xs" bg="bg.muted" p="2" rounded="sm" overflow="auto" maxH="14rem">
          {json(actor.context)}
        </Box>
      </Box>
      {actor.output !== undefined && (
        <Box>
          <Text fontWeight="semibold">{t('inspector.output')}</Text>
          <Box as="pre" fontSize="xs" bg="bg.muted" p="2" rounded="sm">
            {json(actor.output)}
          </Box>
        </Box>
      )}
      {actor.error !== undefined && (
        <Box>
          <Text fontWeight="semibold" color="fg.error">
            {t('inspector.error')}
          </Text>
          <Box as="pre" fontSize="xs" bg="bg.muted" p="2" rounded="sm">
            {json(actor.error)}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function EventLog({ entries }: { entries: InspectorLogEntry[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const last = entries.at(-1)?.seq;
  // The newest event stays in view; only the log scrolls, never the page.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [last]);
  return (
    <Box ref={box} overflow="auto" borderStartWidth="1px" p="2" data-testid="inspector-log" role="log" aria-label={t('inspector.log')}>
      <Text fontWeight="semibold" mb="1">
        {t('inspector.log')}
      </Text>
      {entries.length === 0 && <Text color="fg.muted">{t('inspector.noEvents')}</Text>}
      {entries.map((e) => (
        <Box key={e.seq} data-testid="inspector-event" borderBottomWidth="1px" py="0.5">
          <Flex gap="2" align="baseline">
            <Text as="span" color="fg.muted" fontSize="xs">
              {(e.at / 1000).toFixed(3)}
            </Text>
            <Code size="sm">{e.type}</Code>
            <Text as="span" color="fg.muted" fontSize="xs" truncate>
              → {e.actorName}
              {e.sourceName ? ` (${t('inspector.from', { source: e.sourceName })})` : ''}
            </Text>
          </Flex>
          <Box as="pre" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all">
            {JSON.stringify(e.event)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
