import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, HStack, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { DIALOG_WIDTH, LOOKUP_DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { TemplateField } from '../../shared/dynamic-form';
import type { ResourceRow } from '../../services/api/resources';
import { useI18n } from '../../services/i18n/react';
import { customRows, rowOption } from './options';

/**
 * The least lookup a magnifier field needs (widgets §2 "Lookups", §4 "Magnifier"), over a
 * resource's query call: opening starts at page 1 with LOOKUP_DEFAULT_PAGE_SIZE rows, the
 * search text filters by `queryData`, a row is picked by double-click or by confirm, and the
 * field takes its `hideData` value. One small component on purpose: issue 12 brings the full
 * magnifier (its machine, multi-select, linked fields) and replaces this one.
 */
export function Magnifier({ field, label, open, onClose, onPick }: { field: TemplateField; label: string; open: boolean; onClose: () => void; onPick: (value: string) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ rows: ResourceRow[]; total: number } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setAnswer(null);
    customRows(field, query, page, LOOKUP_DEFAULT_PAGE_SIZE)
      .catch(() => ({ rows: [], total: 0 }))
      .then((a) => live && setAnswer(a));
    return () => {
      live = false;
    };
  }, [field, query, page, open]);
  useEffect(() => {
    if (open) {
      setText('');
      setQuery('');
      setPage(1);
      setChosen(null);
    }
  }, [open]);
  const pick = (value: string) => {
    onPick(value);
    onClose();
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / LOOKUP_DEFAULT_PAGE_SIZE)) : 1;
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${DIALOG_WIDTH.singleLookup}px, 95vw)`} data-testid="magnifier-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('dynamic.magnifier.title', { field: label })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    setPage(1);
                    setQuery(text);
                  }}
                >
                  <HStack>
                    <Input size="sm" value={text} onChange={(e) => setText(e.currentTarget.value)} aria-label={t('dynamic.magnifier.search')} />
                    <Button size="sm" type="submit">{t('dynamic.magnifier.search')}</Button>
                  </HStack>
                </form>
                {answer && answer.rows.length === 0 ? (
                  <Text color="fg.muted">{t('dynamic.magnifier.empty')}</Text>
                ) : (
                  <Table.Root size="sm" variant="outline" interactive>
                    <Table.Body>
                      {(answer?.rows ?? []).map((row) => {
                        const o = rowOption(field, row);
                        return (
                          <Table.Row key={o.value} cursor="pointer" data-selected={chosen === o.value || undefined} bg={chosen === o.value ? 'bg.emphasized' : undefined} onClick={() => setChosen(o.value)} onDoubleClick={() => pick(o.value)} data-testid="magnifier-row">
                            <Table.Cell>{o.value}</Table.Cell>
                            <Table.Cell>{o.text}</Table.Cell>
                          </Table.Row>
                        );
                      })}
                    </Table.Body>
                  </Table.Root>
                )}
                <HStack justify="flex-end" gap="2">
                  <Button size="xs" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label="‹">‹</Button>
                  <Text fontSize="sm">{page} / {pages}</Text>
                  <Button size="xs" variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label="›">›</Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>{t('dynamic.magnifier.cancel')}</Button>
              <Button size="sm" colorPalette="blue" disabled={chosen === null} onClick={() => chosen !== null && pick(chosen)}>{t('dynamic.magnifier.confirm')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
