import type { ReactNode } from 'react';
import { Box, Button, EmptyState, HStack, Spinner, Stack } from '@chakra-ui/react';
import type { PagedListApi } from '../../machines/paged-list.connect';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';
import { Pager } from './Pager';

/**
 * The frame every paged list shares: a spinner on the first load, the failure with a retry, the
 * empty state, the rows (the caller renders them) and the pager (Chakra's Pagination) with the
 * page size. Everything comes from `connectPagedList`; this file only draws it. The pager stays
 * usable while a page loads: the machine keeps the newest request and drops older answers.
 */
export function PagedList<Row>({ api, empty, children, testId }: { api: Omit<PagedListApi<Row>, 'act' | 'getActionProps'>; empty: string; children: (rows: Row[]) => ReactNode; testId?: string }) {
  const { t } = useI18n();
  const retry = api.getRetryProps();
  return (
    <Stack gap="3" data-testid={testId} {...api.getRootProps()}>
      <ErrorAlert message={api.actionError} />
      {api.failed && (
        <HStack align="start">
          <Box flex="1">
            <ErrorAlert message={api.error} />
          </Box>
          <Button size="sm" variant="outline" {...retry}>
            {t('shell.pager.retry')}
          </Button>
        </HStack>
      )}
      {api.firstLoad && <Spinner role="status" aria-label={t('global.loading')} />}
      {api.empty && (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{empty}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {api.rows.length > 0 && !api.empty && children(api.rows)}
      {api.hasPager && !api.empty && <Pager api={api} />}
    </Stack>
  );
}
