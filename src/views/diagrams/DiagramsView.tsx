import { useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Code, Flex, Grid, Heading, Link, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { USER_TYPE_ADMIN } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { session } from '../../services/storage';
import { MachineDiagram } from '../../widgets/inspector/MachineDiagram';
import { DIAGRAMS_BASE, fetchDiagramFile, useDiagramFile } from '../../widgets/inspector/use-diagram-file';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import type { DiagramIndexEntry } from '../../shared/diagram-index';

/** The diagrams' index (docs/diagrams/index.json); anything but a list is an empty one. */
const loadIndex = async (name: string): Promise<DiagramIndexEntry[]> => {
  const machines = await fetchDiagramFile(name, 'json');
  return Array.isArray(machines) ? (machines as DiagramIndexEntry[]) : [];
};

/**
 * #/diagrams (administrators): every machine of the portal with its generated diagram and
 * its states, events, conditions and timers, for auditors who do not read code. The data is
 * docs/diagrams/index.json and the SVGs, shipped with the build.
 */
export default function DiagramsView() {
  const ready = useLocaleModule('diagrams');
  const { t } = useI18n();
  const isAdmin = session.get('loginUserInfo')?.userType === USER_TYPE_ADMIN;
  if (!ready) return <Spinner m="4" />;
  if (!isAdmin) {
    return (
      <Alert.Root status="warning" role="alert" m="4" data-testid="diagrams-forbidden">
        <Alert.Indicator />
        <Alert.Title>{t('diagrams.forbidden')}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="4" p="4" data-testid="diagrams-view">
      <Heading size="lg">{t('diagrams.title')}</Heading>
      <Text color="fg.muted" maxW="4xl">
        {t('diagrams.intro')}
      </Text>
      <DiagramIndex />
    </Stack>
  );
}

/** The machines of the index, once it has come; its loading and failure (with a retry). */
function DiagramIndex() {
  const { t } = useI18n();
  const index = useDiagramFile('index.json', loadIndex);
  const [chosen, setChosen] = useState<string | null>(null);
  const machines = index.content;
  return (
    <Box {...index.getRootProps()}>
      {index.state === 'loading' && (
        <Text>
          <Spinner size="sm" me="2" />
          {t('diagrams.loading')}
        </Text>
      )}
      {index.state === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('diagrams.loadFailed')}</Alert.Title>
          <Button size="xs" ms="auto" {...index.getRetryProps()}>
            {t('diagrams.retry')}
          </Button>
        </Alert.Root>
      )}
      {machines?.length === 0 && <Text>{t('diagrams.empty')}</Text>}
      {machines && machines.length > 0 && <Machines machines={machines} chosen={chosen ?? machines[0]!.id} onChoose={setChosen} />}
    </Box>
  );
}

function Machines({ machines, chosen, onChoose }: { machines: DiagramIndexEntry[]; chosen: string; onChoose: (id: string) => void }) {
  const { t } = useI18n();
  const machine = machines.find((m) => m.id === chosen) ?? machines[0]!;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap="4" alignItems="start">
      <Stack as="nav" aria-label={t('diagrams.machines')} gap="1">
        <Text fontWeight="semibold">
          {t('diagrams.machines')} <Badge>{t('diagrams.machineCount', { count: machines.length })}</Badge>
        </Text>
        {machines.map((m) => (
          <Button key={m.id} size="sm" justifyContent="space-between" variant={m.id === machine.id ? 'solid' : 'ghost'} aria-current={m.id === machine.id ? 'page' : undefined} data-testid="diagrams-machine" data-machine={m.id} onClick={() => onChoose(m.id)}>
            <span>{m.id}</span>
            <Badge size="xs" variant="surface">
              {m.states.length}
            </Badge>
          </Button>
        ))}
      </Stack>
      <MachineDetails machine={machine} />
    </Grid>
  );
}

const list = (xs: string[], none: string) => (xs.length ? xs.map((x) => <Code key={x} me="1" mb="1">{x}</Code>) : <Text as="span" color="fg.muted">{none}</Text>);

function MachineDetails({ machine }: { machine: DiagramIndexEntry }) {
  const { t } = useI18n();
  const local = (id: string) => (id === machine.id ? t('diagrams.anyState') : id.slice(machine.id.length + 1));
  const delays = machine.delays.map((d) => (d.ms === undefined ? d.name : /^\d+$/.test(d.name) ? `${d.ms} ms` : `${d.name} = ${d.ms} ms`));
  const rows: Array<[string, ReactNode]> = [
    [t('diagrams.file'), <Code key="f">{machine.file}</Code>],
    [t('diagrams.states'), list(machine.states.map((s) => s.path.join('.')), t('diagrams.none'))],
    [t('diagrams.events'), list(machine.events, t('diagrams.none'))],
    [t('diagrams.guards'), list(machine.guards, t('diagrams.none'))],
    [t('diagrams.delays'), list(delays, t('diagrams.none'))],
    [t('diagrams.actors'), list(machine.actors, t('diagrams.none'))],
  ];
  return (
    <Stack gap="4" minW="0" data-testid="diagrams-details" data-machine={machine.id}>
      <Flex align="baseline" gap="3" wrap="wrap">
        <Heading size="md">{machine.id}</Heading>
        <Text color="fg.muted">{t('diagrams.transitionCount', { count: machine.transitions.length })}</Text>
        <Link href={`${DIAGRAMS_BASE}/${machine.svg}`} target="_blank" rel="noopener">
          {t('diagrams.svg')}
        </Link>
        <Link href={`${DIAGRAMS_BASE}/${machine.mermaid}`} target="_blank" rel="noopener">
          {t('diagrams.mermaid')}
        </Link>
      </Flex>
      <Box borderWidth="1px" rounded="md" p="2" bg="white">
        <MachineDiagram machineId={machine.id} loadingText={t('diagrams.loading')} missingText={t('diagrams.diagramMissing')} retryText={t('diagrams.retry')} />
      </Box>
      <Table.Root size="sm" variant="outline">
        <Table.Body>
          {rows.map(([label, value]) => (
            <Table.Row key={label}>
              <Table.Cell fontWeight="semibold" w="12rem">
                {label}
              </Table.Cell>
              <Table.Cell>{value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Table.Root size="sm" variant="outline" data-testid="diagrams-transitions">
        <Table.Caption>{t('diagrams.transitions')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('diagrams.from')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('diagrams.transition')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('diagrams.to')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {machine.transitions.map((tr) => (
            <Table.Row key={tr.id}>
              <Table.Cell>
                <Code>{local(tr.source)}</Code>
              </Table.Cell>
              <Table.Cell>
                <Code>{tr.label}</Code>
              </Table.Cell>
              <Table.Cell>{tr.targets.length ? tr.targets.map((target) => <Code key={target} me="1">{local(target)}</Code>) : t('diagrams.stays')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
