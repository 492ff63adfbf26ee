import { ButtonGroup, HStack, IconButton, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import type { PagedListApi } from '../../machines/paged-list.connect';
import { useI18n } from '../../services/i18n/react';

/**
 * The pager every paged list shares (Chakra's Pagination) with the page size, from
 * `connectPagedList`: the paged table's frame (PagedList) and the editable table both show it.
 * `pagerProps` are spread on it (the editable table locks it while a row is edited).
 */
export function Pager<Row>({ api, pagerProps }: { api: Pick<PagedListApi<Row>, 'getPaginationProps' | 'getPageSizeProps' | 'busy' | 'page' | 'pages'>; pagerProps?: { 'data-part'?: string; 'data-state'?: string; inert?: boolean } }) {
  const { t } = useI18n();
  const pagination = api.getPaginationProps();
  const pageSize = api.getPageSizeProps();
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap" {...pagerProps} opacity={pagerProps?.inert ? 0.5 : undefined}>
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
  );
}
