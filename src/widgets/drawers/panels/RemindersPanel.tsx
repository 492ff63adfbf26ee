import { useRef } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { shellApi, type Reminder } from '../../../services/api/shell';
import { ask } from '../../../services/http/questions';
import { useI18n } from '../../../services/i18n/react';
import { formatDateTime } from '../../../shared/date-format';
import { PagedList } from '../../paged-list/PagedList';
import { usePagedList, type FetchPage, type RunAction } from '../../paged-list/usePagedList';
import { useFocusWhenLost } from '../../useFocusWhenLost';

// The places this list meets the API: swap these lines when the calls change.
const fetchReminders: FetchPage<Reminder> = ({ start, limit }) => shellApi.reminders(start, limit);
type Change = { op: 'cancel'; id: number } | { op: 'cancelAll' };
const change: RunAction<Change> = (c) => (c.op === 'cancel' ? shellApi.cancelReminder(c.id) : shellApi.cancelAllReminders());

/** The user's reminders, newest first, a page at a time; cancel one or (asked first) all. */
export default function RemindersPanel() {
  const { t } = useI18n();
  const list = usePagedList(fetchReminders, change);

  const cancelAll = async () => {
    const yes = await ask({
      title: t('shell.reminders.cancelAllAsk.title'),
      message: t('shell.reminders.cancelAllAsk.message', { total: list.total }),
      ok: t('shell.reminders.cancelAllAsk.ok'),
      cancel: t('shell.reminders.cancelAllAsk.cancel'),
      danger: true,
    });
    if (yes) list.act({ op: 'cancelAll' });
  };
  const all = list.getActionProps({ op: 'cancelAll' });
  // A cancelled reminder leaves the list with its button: the keyboard goes on to the one that
  // took its place (or the last), else to Cancel all or, none left, the drawer's close button
  // (on the My reminders page, which has none, the count saying none is left); never to the page.
  const root = useRef<HTMLDivElement>(null);
  const cancelled = useRef(-1);
  useFocusWhenLost(root, list.busy, (busy) => {
    if (busy || !root.current) return null;
    const buttons = Array.from(root.current.querySelectorAll<HTMLElement>('[data-part=cancel-one]'));
    const next = buttons[Math.min(Math.max(cancelled.current, 0), buttons.length - 1)];
    return (
      next ??
      root.current.querySelector<HTMLElement>('[data-part=cancel-all]:not(:disabled)') ??
      root.current.closest('[role=dialog]')?.querySelector<HTMLElement>('[data-part=close-trigger]') ??
      root.current.querySelector<HTMLElement>('[data-part=total]')
    );
  });

  return (
    <Stack gap="3" data-testid="reminders" ref={root}>
      <Flex justify="space-between" align="center">
        <Text fontSize="sm" color="fg.muted" data-part="total" tabIndex={-1}>{t('shell.reminders.total', { total: list.total })}</Text>
        <Button size="sm" variant="outline" data-part="cancel-all" data-state={all['data-state']} disabled={all.disabled || list.total === 0} onClick={() => void cancelAll()}>
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
                    <Text fontSize="xs" color="fg.muted" data-testid="reminder-time">{formatDateTime(r.createdAt)}</Text>
                  </Box>
                  <Button
                    size="xs"
                    variant="ghost"
                    {...list.getActionProps({ op: 'cancel', id: r.id })}
                    data-part="cancel-one"
                    onClick={() => {
                      cancelled.current = rows.indexOf(r);
                      list.getActionProps({ op: 'cancel', id: r.id }).onClick();
                    }}
                    aria-label={t('shell.reminders.cancelOne', { title: r.title })}>
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
