import { useEffect, useState } from 'react';
import { Box, Button, EmptyState, HStack, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { shellApi, type OutboxMessage } from '../../services/api/shell';
import { TABLE_DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { ErrorAlert } from '../../widgets/ErrorAlert';

/**
 * The server's outbox for administrators: mail the server would have sent (identify codes of
 * the forgot-password flow) while no mail server is configured. Newest first.
 */
export default function OutboxView() {
  const { t, lang } = useI18n();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<OutboxMessage[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    shellApi
      .outbox(page, TABLE_DEFAULT_PAGE_SIZE)
      .then((a) => (setRows(a.rows), setTotal(a.total), setError(null)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [page, tick]);

  const pages = Math.max(1, Math.ceil(total / TABLE_DEFAULT_PAGE_SIZE));
  return (
    <Stack gap="4" data-testid="outbox">
      <HStack justify="space-between">
        <Heading size="lg">{t('shell.routes.outbox')}</Heading>
        <Button size="sm" variant="outline" onClick={() => setTick((n) => n + 1)}>{t('shell.outbox.refresh')}</Button>
      </HStack>
      <Text color="fg.muted" fontSize="sm">{t('shell.outbox.explain')}</Text>
      <ErrorAlert message={error} />
      {rows === null && !error && <Spinner />}
      {rows?.length === 0 && (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t('shell.outbox.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {rows && rows.length > 0 && (
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
              <Table.Row key={m.id} data-testid="outbox-message">
                <Table.Cell whiteSpace="nowrap">{new Date(m.createdAt).toLocaleString(lang)}</Table.Cell>
                <Table.Cell>{m.recipient}</Table.Cell>
                <Table.Cell>{m.subject}</Table.Cell>
                <Table.Cell><Box whiteSpace="pre-wrap">{m.body}</Box></Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {pages > 1 && (
        <HStack justify="flex-end">
          <Button size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('shell.pager.previous')}</Button>
          <Text fontSize="sm">{t('shell.pager.page', { page, pages })}</Text>
          <Button size="xs" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('shell.pager.next')}</Button>
        </HStack>
      )}
    </Stack>
  );
}
