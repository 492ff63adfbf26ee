import { Fragment, useMemo, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Badge, Box, Button, Center, HStack, Heading, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { approvalMachine, type ApprovalData, type ApprovalRef } from '../../machines/approval.machine';
import { connectApproval, type ApprovalApi, type StepStanding } from '../../machines/approval.connect';
import { approvalApi } from '../../services/api/approval';
import { useI18n } from '../../services/i18n/react';
import { formatDateTime } from '../../shared/date-format';
import { ErrorAlert } from '../ErrorAlert';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

type Translate = ReturnType<typeof useI18n>['t'];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Times travel as ISO text; people read them in their own time zone. */
const shown = (value: string) => (ISO_TIME.test(value) ? formatDateTime(value) : value);

const STEP_COLOURS: Record<StepStanding, { bg: string; fg: string; border: string }> = {
  complete: { bg: 'green.solid', fg: 'green.contrast', border: 'green.solid' },
  current: { bg: 'blue.solid', fg: 'blue.contrast', border: 'blue.solid' },
  upcoming: { bg: 'bg', fg: 'fg.muted', border: 'border' },
};

/**
 * A record's approval widgets (widgets §2, §3, §4; docs/approvals.md): the flow step bar (the
 * active step, after the last complete, opens a popover with who decides it), the flow chart
 * of its business type's process, and the history timeline. The approval machine decides; this
 * draws it. Nothing is drawn for a business without a flow. `load` is the server's calls (a
 * test gives its own). Each decision's files are links that download them; a reviewer's own
 * coming decision (`decision`, the review form's uploader) shows while a step waits.
 */
export function ApprovalPanel({
  businessType,
  recordId,
  load = approvalApi.load,
  downloadFile = approvalApi.downloadFile,
  decision,
}: ApprovalRef & {
  load?: (ref: ApprovalRef) => Promise<ApprovalData>;
  /** Saves a decision's file (a test gives its own). */
  downloadFile?: (id: number) => Promise<void>;
  /** What a reviewer adds to the decision they are about to make (its files), shown while a step waits for one. */
  decision?: ReactNode;
}) {
  const ready = useLocaleModule('approval');
  const machine = useMemo(() => approvalMachine.provide({ actors: { loadApproval: fromPromise(({ input }: { input: ApprovalRef }) => load(input)) } }), [load]);
  const [snapshot, send] = useMachine(machine, { input: { businessType, recordId } });
  const api = connectApproval(snapshot, send);
  const { t } = useI18n();
  if (!ready) return null;
  if (api.state === 'loading' && api.steps.length === 0) return <Center p="3" {...api.getRootProps()} data-testid="approval"><Spinner size="sm" aria-label={t('global.loading')} /></Center>;
  if (!api.governed && api.state !== 'failed') return null;
  return (
    <Stack gap="4" borderTopWidth="1px" pt="3" {...api.getRootProps()} data-testid="approval">
      {api.steps.length > 0 && <StepBar api={api} t={t} />}
      {api.chart && api.chart.steps.length > 0 && <FlowChart api={api} t={t} />}
      <Timeline api={api} t={t} downloadFile={downloadFile} />
      {decision && api.running && (
        <Stack gap="1" data-testid="decision-files">
          <Heading size="sm" as="h3">{t('approval.decisionFiles')}</Heading>
          <Text fontSize="xs" color="fg.muted">{t('approval.decisionFilesHint')}</Text>
          {decision}
        </Stack>
      )}
    </Stack>
  );
}

function StepBar({ api, t }: { api: ApprovalApi; t: Translate }) {
  return (
    <Stack gap="2">
      <Heading size="sm" as="h3">{t('approval.steps')}</Heading>
      <HStack as="ol" gap="0" wrap="wrap" rowGap="2" {...api.getStepBarProps()} data-testid="flow-steps" aria-label={t('approval.steps')}>
        {api.steps.map((step, index) => {
          const props = api.getStepProps(step, index);
          const colours = STEP_COLOURS[props['data-state']];
          const label = (
            <HStack gap="2">
              <Center w="6" h="6" borderRadius="full" borderWidth="1px" borderColor={colours.border} bg={colours.bg} color={colours.fg} fontSize="xs" flexShrink={0}>
                {props['data-state'] === 'complete' ? '✓' : index + 1}
              </Center>
              <Text fontSize="sm" fontWeight={props['data-state'] === 'current' ? 'semibold' : 'normal'}>{step.flowName}</Text>
            </HStack>
          );
          return (
            <HStack as="li" key={step.id} gap="2" {...props} data-testid="flow-step">
              {index > 0 && <Box aria-hidden w="6" h="1px" bg={props['data-state'] === 'upcoming' ? 'border' : 'green.solid'} />}
              {props['data-state'] === 'current' ? (
                <Popover.Root positioning={{ placement: 'bottom' }} lazyMount unmountOnExit>
                  <Popover.Trigger asChild>
                    <Button variant="ghost" size="xs" px="1" data-part="step-trigger" data-testid="flow-step-current" aria-label={t('approval.currentStep', { step: step.flowName })}>
                      {label}
                    </Button>
                  </Popover.Trigger>
                  <Portal>
                    <Popover.Positioner>
                      <Popover.Content maxW="xs" data-testid="flow-step-popover">
                        <Popover.Arrow />
                        <Popover.Body>
                          <Popover.Title fontWeight="semibold" mb="2">{step.flowName}</Popover.Title>
                          <FlowInfo info={step.flowInfo} t={t} />
                        </Popover.Body>
                      </Popover.Content>
                    </Popover.Positioner>
                  </Portal>
                </Popover.Root>
              ) : (
                <Box px="1" title={step.flowInfo.map((i) => `${i.label}: ${shown(i.value)}`).join('\n') || undefined}>{label}</Box>
              )}
            </HStack>
          );
        })}
      </HStack>
    </Stack>
  );
}

function FlowInfo({ info, t }: { info: Array<{ label: string; value: string }>; t: Translate }) {
  if (info.length === 0) return <Text fontSize="sm" color="fg.muted">{t('approval.noInfo')}</Text>;
  return (
    <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
      {info.map((i) => (
        <Fragment key={i.label}>
          <Text as="dt" color="fg.muted">{i.label}</Text>
          <Text as="dd">{shown(i.value)}</Text>
        </Fragment>
      ))}
    </Box>
  );
}

/** The process drawn from its configuration: start, each step with the duties deciding it, end. */
function FlowChart({ api, t }: { api: ApprovalApi; t: Translate }) {
  const chart = api.chart!;
  const node = (key: string, title: string, sub: string | null, props: Record<string, unknown>, rounded: boolean) => (
    <Box key={key} as="li" listStyleType="none" {...props} borderWidth="1px" borderRadius={rounded ? 'full' : 'md'} px="3" py="1.5" textAlign="center" minW="20"
      borderColor={props['data-state'] === 'current' ? 'blue.solid' : props['data-state'] === 'complete' ? 'green.solid' : 'border'}
      bg={props['data-state'] === 'current' ? 'blue.subtle' : undefined}>
      <Text fontSize="sm">{title}</Text>
      {sub && <Text fontSize="xs" color="fg.muted">{sub}</Text>}
    </Box>
  );
  const arrow = (key: string) => <Box key={key} as="li" listStyleType="none" aria-hidden color="fg.muted" px="1">→</Box>;
  return (
    <Stack gap="2">
      <HStack gap="2">
        <Heading size="sm" as="h3">{t('approval.chart')}</Heading>
        {chart.processName && <Badge variant="subtle">{chart.processName}</Badge>}
      </HStack>
      <HStack as="ol" gap="1" wrap="wrap" rowGap="2" data-testid="flow-chart" aria-label={t('approval.chart')}>
        {node('start', t('approval.start'), null, { 'data-part': 'chart-node', 'data-state': 'complete' }, true)}
        {chart.steps.flatMap((s) => [arrow(`a${s.stepNo}`), node(`s${s.stepNo}`, s.stepName, s.duties.map((d) => d.dutyName).join(t('approval.listSeparator')), api.getChartNodeProps(s.stepNo), false)])}
        {arrow('end-arrow')}
        {node('end', t('approval.end'), null, { 'data-part': 'chart-node', 'data-state': api.activeIndex === -1 ? 'complete' : 'upcoming' }, true)}
      </HStack>
    </Stack>
  );
}

function Timeline({ api, t, downloadFile }: { api: ApprovalApi; t: Translate; downloadFile: (id: number) => Promise<void> }) {
  return (
    <Stack gap="2">
      <Heading size="sm" as="h3">{t('approval.history')}</Heading>
      {api.state === 'failed' && (
        <HStack gap="3" wrap="wrap">
          <ErrorAlert message={api.message ?? t(api.statusKey!)} />
          <Button size="xs" {...api.getRetryProps()}>{t('approval.retry')}</Button>
        </HStack>
      )}
      {api.state === 'empty' && <Text fontSize="sm" color="fg.muted" data-testid="approval-empty">{t(api.statusKey!)}</Text>}
      {api.history.length > 0 && api.state !== 'failed' && (
        <Stack as="ol" gap="0" {...api.getTimelineProps()} data-testid="approval-history">
          {api.history.map((item) => {
            const next = Array.isArray(item.nextApprovePerson) ? item.nextApprovePerson.join(t('approval.listSeparator')) : item.nextApprovePerson;
            return (
              <HStack as="li" key={item.id} align="stretch" gap="3" {...api.getHistoryItemProps(item)} data-testid="approval-history-item">
                <Stack align="center" gap="0" flexShrink={0}>
                  <Box w="2.5" h="2.5" mt="1.5" borderRadius="full" bg={item.currentState === 'refuse' ? 'red.solid' : item.currentState === 'back' ? 'orange.solid' : item.currentState === 'pass' ? 'green.solid' : 'blue.solid'} />
                  <Box flex="1" w="1px" bg="border" />
                </Stack>
                <Stack gap="0.5" pb="3" fontSize="sm">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">{item.approveLabel}</Text>
                    <Badge size="sm" colorPalette={item.currentState === 'refuse' ? 'red' : item.currentState === 'back' ? 'orange' : item.currentState === 'pass' ? 'green' : 'blue'}>{t(`approval.action.${item.currentState}`)}</Badge>
                    <Text color="fg.muted">{item.approvePerson}</Text>
                    <Text color="fg.muted">{shown(item.dateTime)}</Text>
                  </HStack>
                  {item.approveInfo && (
                    <Text data-part="comment">
                      {t('approval.labelled', { label: item.approveInfoLabel, value: item.approveInfo })}
                    </Text>
                  )}
                  {item.fileList.length > 0 && (
                    <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label={t('approval.files')} data-part="files">
                      {item.fileList.map((file) => (
                        <li key={file.id}>
                          <Button variant="plain" size="xs" px="0" h="auto" minH="6" colorPalette="blue" textDecoration="underline" whiteSpace="normal" textAlign="start"
                            aria-label={t('approval.download', { file: file.fileName })} data-part="file" data-testid="approval-file" onClick={() => void downloadFile(file.id).catch(() => undefined)}>
                            <span aria-hidden>📎</span> {file.fileName}
                          </Button>
                        </li>
                      ))}
                    </HStack>
                  )}
                  {item.nextApproveLabel && (
                    <Text color="fg.muted">{t('approval.next', { step: item.nextApproveLabel, people: next || t('approval.nobody') })}</Text>
                  )}
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
