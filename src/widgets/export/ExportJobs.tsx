import { useEffect, useState, useSyncExternalStore } from 'react';
import { Badge, Box, Button, CloseButton, Drawer, HStack, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { ToolbarIconButton } from '../table/ToolbarIconButton';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { exportJobsMachine } from '../../machines/export-jobs.machine';
import { connectExportJobs } from '../../machines/export-jobs.connect';
import { DATE_TIME_FORMAT, DRAWER_DEFAULT_WIDTH, EXPORT_CONFIRM_ABOVE } from '../../shared/constants';
import { dateText } from '../../shared/date-format';
import type { ExportJob } from '../../shared/contract/export';
import { deleteExportJob, downloadExportJob, listExportJobs } from '../../services/api/export';
import { onPendingExports, pendingExports, syncPendingExports } from '../../services/export-notes';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { ErrorAlert } from '../ErrorAlert';

export interface ExportJobsProps {
  /** Raised (incremented) when the list should open by itself: an export just became a job. */
  openSignal?: number;
}

/**
 * The export-jobs button of a table's toolbar (beside the export icon) and its drawer, the
 * download list of background exports (issue 13; docs/export.md, "Jobs"), bound to the
 * export-jobs machine: each job with its status, a progress bar while it runs, the download of
 * its file when done, the reason when it failed; the list asks again while a job has work left.
 * The button counts the jobs noted locally as pending.
 */
export function ExportJobs({ openSignal = 0 }: ExportJobsProps) {
  const { t, lang } = useI18n();
  const [logic] = useState(() =>
    exportJobsMachine.provide({
      actors: {
        loadJobs: fromPromise<ExportJob[]>(() => listExportJobs()),
        downloadJob: fromPromise<unknown, number>(({ input }) => downloadExportJob(input)),
        deleteJob: fromPromise<unknown, number>(({ input }) => deleteExportJob(input)),
      },
      actions: { syncNotes: (_, jobs: ExportJob[]) => syncPendingExports(jobs) },
    }),
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const api = connectExportJobs(snapshot, send);
  const pending = useSyncExternalStore(onPendingExports, () => pendingExports().length, () => 0);
  useEffect(() => {
    if (openSignal > 0) send({ type: 'LIST.OPEN' });
  }, [openSignal, send]);
  const number = new Intl.NumberFormat(lang);
  const when = (at: string | null) => dateText(at, DATE_TIME_FORMAT);
  const label = pending ? t('export.jobs.openWithCount', { count: pending }) : t('export.jobs.open');

  return (
    <>
      {/* A list with a clock: exports that finish later. */}
      <ToolbarIconButton
        label={label}
        data-testid="export-jobs-trigger"
        icon={<><path d="M3 6h11" /><path d="M3 12h7" /><path d="M3 18h7" /><circle cx="17" cy="15" r="5" /><path d="M17 13v2l1.5 1.5" /></>}
        badge={pending > 0 && (
          <Badge position="absolute" top="-1.5" insetEnd="-1.5" size="xs" colorPalette="blue" variant="solid" borderRadius="full" aria-hidden="true" data-testid="export-jobs-count">
            {pending}
          </Badge>
        )}
        {...api.getOpenProps()}
      />
      {/* Not closed by a click outside: the delete's confirmation is a dialog of its own, outside the drawer. */}
      <Drawer.Root {...api.getDrawerProps()} placement="end" size="full" closeOnInteractOutside={false} lazyMount unmountOnExit>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content w={{ base: '100%', md: DRAWER_DEFAULT_WIDTH }} maxW={{ base: '100%', md: DRAWER_DEFAULT_WIDTH }} h="100vh" data-testid="export-jobs" data-state={api.state}>
              <Drawer.Header borderBottomWidth="1px">
                <Drawer.Title>{t('export.jobs.title')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="3">
                  {api.loading && (
                    <HStack role="status">
                      <Spinner size="sm" />
                      <Text>{t('export.jobs.loading')}</Text>
                    </HStack>
                  )}
                  <ErrorAlert message={api.error} />
                  {api.failed && (
                    <Box>
                      <Button size="sm" variant="outline" {...api.getRetryProps()} data-testid="export-jobs-retry">
                        {t('export.jobs.retry')}
                      </Button>
                    </Box>
                  )}
                  {api.empty && (
                    <Text color="fg.muted" data-testid="export-jobs-empty">
                      {t('export.jobs.empty', { max: number.format(EXPORT_CONFIRM_ABOVE) })}
                    </Text>
                  )}
                  {api.polling && (
                    <Text fontSize="sm" color="fg.muted" role="status">
                      {t('export.jobs.polling')}
                    </Text>
                  )}
                  {api.jobs.map((job) => (
                    <Box key={job.id} as="section" borderWidth="1px" borderRadius="md" p="3" aria-label={job.fileName} {...api.getJobProps(job)}>
                      <Stack gap="2">
                        <HStack justify="space-between" wrap="wrap" gap="2">
                          <Text fontWeight="medium" wordBreak="break-all">
                            {job.fileName}
                          </Text>
                          <Badge colorPalette={job.status === 'done' ? 'green' : job.status === 'failed' ? 'red' : 'blue'} data-testid="export-job-status">
                            {t(`export.jobs.status.${job.status}`)}
                          </Badge>
                        </HStack>
                        <Text fontSize="xs" color="fg.muted" data-testid="export-job-times">
                          {t('export.jobs.created', { at: when(job.createdAt) })}
                          {job.expiresAt ? ` · ${t('export.jobs.expires', { at: when(job.expiresAt) })}` : ''}
                          {job.byteSize !== null ? ` · ${t('export.jobs.size', { size: number.format(Math.ceil(job.byteSize / 1024)) })}` : ''}
                        </Text>
                        {job.status !== 'failed' && (
                          <Progress.Root size="sm" {...api.getProgressProps(job)} colorPalette={job.status === 'done' ? 'green' : 'blue'}>
                            <HStack gap="3">
                              <Progress.Track flex="1" aria-label={t('export.jobs.progress', { fileName: job.fileName })}>
                                <Progress.Range />
                              </Progress.Track>
                              <Progress.ValueText minW="10" textAlign="end">{`${job.percent}%`}</Progress.ValueText>
                            </HStack>
                            <Text fontSize="xs" color="fg.muted" mt="1" data-testid="export-job-rows">
                              {t('export.jobs.rows', { done: number.format(job.rowsDone), total: number.format(job.total) })}
                            </Text>
                          </Progress.Root>
                        )}
                        {job.failure && (
                          <Text fontSize="sm" color="fg.error" data-testid="export-job-failure">
                            {job.failure}
                          </Text>
                        )}
                        <HStack gap="2" justify="flex-end">
                          <Button size="xs" colorPalette="blue" {...api.getDownloadProps(job)} aria-label={t('export.jobs.downloadOf', { fileName: job.fileName })} data-testid="export-job-download">
                            {t('export.jobs.download')}
                          </Button>
                          <Button size="xs" variant="outline" {...api.getDeleteProps(job)} aria-label={t('export.jobs.deleteOf', { fileName: job.fileName })} data-testid="export-job-delete">
                            {t('export.jobs.delete')}
                          </Button>
                        </HStack>
                      </Stack>
                    </Box>
                  ))}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('global.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}
