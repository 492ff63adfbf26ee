import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { shellApi, type Reminder } from '../../../services/api/shell';
import { ask } from '../../../services/http/questions';
import { useI18n } from '../../../services/i18n/react';
import { ErrorAlert } from '../../ErrorAlert';
import { PagedList } from '../../paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../paged-list/usePagedList';

// The one place this list meets the API: swap this line when the call changes.
const fetchReminders: FetchPage<Reminder> = ({ start, limit }) => shellApi.reminders(start, limit);

/** The user's reminders, newest first, a page at a time; cancel one or (asked first) all. */
export default function RemindersPanel() {
  const { t, lang } = useI18n();
  const list = usePagedList(fetchReminders);
  const [acting, setActing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const busy = list.busy || acting;

  // A cancel is one call; the list then reloads its page (the machine steps back when the page emptied).
  const act = async (call: () => Promise<unknown>) => {
    setActing(true);
    try {
      await call();
      setActionError(null);
      list.refresh();
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    } finally {
      setActing(false);
    }
  };

  const cancelAll = async () => {
    const yes = await ask({
      title: t('shell.reminders.cancelAllAsk.title'),
      message: t('shell.reminders.cancelAllAsk.message', { total: list.total }),
      ok: t('shell.reminders.cancelAllAsk.ok'),
      cancel: t('shell.reminders.cancelAllAsk.cancel'),
      danger: true,
    });
    if (yes) await act(() => shellApi.cancelAllReminders());
  };

  return (
    <Stack gap="3" data-testid="reminders">
      <ErrorAlert message={actionError} />
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted">{t('shell.reminders.total', { total: list.total })}</Text>
        <Button size="sm" variant="outline" disabled={busy || list.total === 0} onClick={() => void cancelAll()}>
          {t('shell.reminders.cancelAll')}
        </Button>
      </Flex>
      <PagedList api={list} empty={t('shell.reminders.empty')}>
        {(rows) => (
          <Stack as="ul" gap="2" listStyleType="none">
            {rows.map((r) => (
              <Box as="li" key={r.id} borderWidth="1px" rounded="md" p="3" data-testid="reminder" {...list.getRowProps(r)}>
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
      </PagedList>
    </Stack>
  );
}
