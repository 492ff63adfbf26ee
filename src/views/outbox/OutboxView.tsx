import { Box, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { shellApi, type OutboxMessage } from '../../services/api/shell';
import { useI18n } from '../../services/i18n/react';
import { formatDateTimeFull } from '../../shared/date-format';
import { PagedList } from '../../widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../widgets/paged-list/usePagedList';

// The one place this list meets the API: swap this line when the call changes.
const fetchOutbox: FetchPage<OutboxMessage> = ({ start, limit }) => shellApi.outbox(start, limit);

/**
 * The server's outbox for administrators: mail the server would have sent (identify codes of
 * the forgot-password flow) while no mail server is configured. Newest first.
 */
export default function OutboxView() {
  const { t } = useI18n();
  const list = usePagedList(fetchOutbox);
  return (
    <Stack gap="4" data-testid="outbox">
      <HStack justify="space-between">
        <Heading size="lg">{t('shell.routes.outbox')}</Heading>
        <Button size="sm" variant="outline" {...list.getRefreshProps()}>{t('shell.outbox.refresh')}</Button>
      </HStack>
      <Text color="fg.muted" fontSize="sm">{t('shell.outbox.explain')}</Text>
      <PagedList api={list} empty={t('shell.outbox.empty')}>
        {(rows) => (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('shell.outbox.createdAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('shell.outbox.recipient')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('shell.outbox.subject')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('shell.outbox.body')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((m) => (
                <Table.Row key={m.id} data-testid="outbox-message" {...list.getRowProps(m)}>
                  <Table.Cell whiteSpace="nowrap">{formatDateTimeFull(m.createdAt)}</Table.Cell>
                  <Table.Cell>{m.recipient}</Table.Cell>
                  <Table.Cell>{m.subject}</Table.Cell>
                  <Table.Cell><Box whiteSpace="pre-wrap">{m.body}</Box></Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </PagedList>
    </Stack>
  );
}
