import type { ReactNode } from 'react';
import { Box, Button, ButtonGroup, EmptyState, HStack, IconButton, NativeSelect, Pagination, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PagedListApi } from '../../machines/paged-list.connect';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../ErrorAlert';

/**
 * The frame every paged list shares: a spinner on the first load, the failure with a retry, the
 * empty state, the rows (the caller renders them) and the pager (Chakra's Pagination) with the
 * page size. Everything comes from `connectPagedList`; this file only draws it. The pager stays
 * usable while a page loads: the machine keeps the newest request and drops older answers.
 */
export function PagedList<Row>({ api, empty, children, testId }: { api: Omit<PagedListApi<Row>, 'act' | 'getActionProps'>; empty: string; children: (rows: Row[]) => ReactNode; testId?: string }) {
  const { t } = useI18n();
  const pagination = api.getPaginationProps();
  const pageSize = api.getPageSizeProps();
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
      {api.hasPager && !api.empty && (
        <HStack justify="flex-end" gap="3" wrap="wrap">
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">{t('shell.pager.pageSize')}</Text>
            <NativeSelect.Root size="xs" width="auto" disabled={api.busy}>
              <NativeSelect.Field aria-label={t('shell.pager.pageSize')} data-part={pageSize['data-part']} data-state={pageSize['data-state']} value={pageSize.value} onChange={pageSize.onChange}>
                {pageSize.options.map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <Pagination.Root {...pagination} aria-label={t('shell.pager.label')} translations={{ prevTriggerLabel: t('shell.pager.previous'), nextTriggerLabel: t('shell.pager.next'), itemLabel: ({ page, totalPages }) => t('shell.pager.page', { page, pages: totalPages }) }}>
            <ButtonGroup size="xs" variant="ghost" attached={false}>
              <Pagination.PrevTrigger asChild>
                <IconButton disabled={api.page <= 1}>‹</IconButton>
              </Pagination.PrevTrigger>
              <Pagination.Items render={(page) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{page.value}</IconButton>} />
              <Pagination.NextTrigger asChild>
                <IconButton disabled={api.page >= api.pages}>›</IconButton>
              </Pagination.NextTrigger>
            </ButtonGroup>
          </Pagination.Root>
        </HStack>
      )}
    </Stack>
  );
}
