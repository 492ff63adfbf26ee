import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, EmptyState, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { shellApi, type Reminder } from '../../../services/api/shell';
import { TABLE_DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { useI18n } from '../../../services/i18n/react';
import { ErrorAlert } from '../../ErrorAlert';

/** The user's reminders, newest first, a page at a time; cancel one or all. */
export default function RemindersPanel() {
  const { t, lang } = useI18n();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Reminder[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (p: number) => {
    setBusy(true);
    try {
      const answer = await shellApi.reminders(p, TABLE_DEFAULT_PAGE_SIZE);
      setRows(answer.rows);
      setTotal(answer.total);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => void load(page), [load, page, lang]);

  const act = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      const pages = Math.max(1, Math.ceil((total - 1) / TABLE_DEFAULT_PAGE_SIZE));
      if (page > pages) setPage(pages);
      else await load(page);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  const pages = Math.max(1, Math.ceil(total / TABLE_DEFAULT_PAGE_SIZE));
  if (rows === null && !error) return <Spinner role="status" aria-label={t('global.loading')} />;
  return (
    <Stack gap="3" data-testid="reminders">
      <ErrorAlert message={error} />
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted">{t('shell.reminders.total', { total })}</Text>
        <Button size="sm" variant="outline" disabled={busy || total === 0} onClick={() => void act(() => shellApi.cancelAllReminders())}>
          {t('shell.reminders.cancelAll')}
        </Button>
      </Flex>
      {rows && rows.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t('shell.reminders.empty')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {rows?.map((r) => (
            <Box as="li" key={r.id} borderWidth="1px" rounded="md" p="3" data-testid="reminder">
              <Flex justify="space-between" gap="3">
                <Box>
                  <HStack>
                    <Text fontWeight="semibold">{r.title}</Text>
                    {r.status === 'unread' && <Badge colorPalette="red">{t('shell.reminders.unread')}</Badge>}
                  </HStack>
                  <Text fontSize="sm">{r.content}</Text>
                  <Text fontSize="xs" color="fg.muted">{new Date(r.createdAt).toLocaleString(lang)}</Text>
                </Box>
                <Button size="xs" variant="ghost" disabled={busy} onClick={() => void act(() => shellApi.cancelReminder(r.id))} aria-label={t('shell.reminders.cancelOne', { title: r.title })}>
                  {t('shell.reminders.cancel')}
                </Button>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <HStack justify="flex-end">
          <Button size="xs" disabled={page <= 1 || busy} onClick={() => setPage(page - 1)}>{t('shell.pager.previous')}</Button>
          <Text fontSize="sm">{t('shell.pager.page', { page, pages })}</Text>
          <Button size="xs" disabled={page >= pages || busy} onClick={() => setPage(page + 1)}>{t('shell.pager.next')}</Button>
        </HStack>
      )}
    </Stack>
  );
}
