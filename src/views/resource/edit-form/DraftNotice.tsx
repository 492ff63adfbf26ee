import { Alert, Button, HStack, Stack, Table } from '@chakra-ui/react';
import type { AutosaveApi } from '../../../machines/autosave.connect';
import { formatDateTimeFull } from '../../../shared/date-format';
import { useI18n } from '../../../services/i18n/react';

/**
 * The stored draft found when a form opens (widgets §4 "Autosave draft"): restored with a notice
 * that can discard it; or, when the record changed on the server since the draft was written,
 * shown beside the server's values, field by field, and applied only if the user chooses it.
 */
export function DraftNotice({ autosave, labelOf, textOf }: { autosave: AutosaveApi; labelOf: (field: string) => string; textOf: (field: string, value: unknown) => string }) {
  const { t } = useI18n();
  if (!autosave.offered) return null;
  const time = autosave.draftSavedAt ? formatDateTimeFull(autosave.draftSavedAt) : '';
  const conflict = autosave.conflict;
  return (
    <Alert.Root status={conflict ? 'warning' : 'info'} {...autosave.getNoticeProps()} data-testid={conflict ? 'draft-conflict' : 'draft-notice'} alignItems="start">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minWidth="0">
        <Alert.Title>{conflict ? t('form.draft.conflict', { draftVersion: conflict.draftVersion ?? '', recordVersion: conflict.recordVersion ?? '' }) : t('form.draft.offered', { time })}</Alert.Title>
        {conflict && (
          <Table.ScrollArea>
            <Table.Root size="sm" variant="outline" data-testid="draft-compare">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('form.draft.field')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('form.draft.mine')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('form.draft.server')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {conflict.changed.map((field) => (
                  <Table.Row key={field} data-field={field}>
                    <Table.Cell>{labelOf(field)}</Table.Cell>
                    <Table.Cell fontWeight="semibold">{textOf(field, conflict.draft[field])}</Table.Cell>
                    <Table.Cell>{textOf(field, conflict.server[field])}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <HStack gap="2" wrap="wrap">
          {conflict ? (
            <>
              <Button size="xs" colorPalette="blue" {...autosave.getRestoreProps()}>{t('form.draft.useMine')}</Button>
              <Button size="xs" variant="outline" {...autosave.getDiscardProps()}>{t('form.draft.keepServer')}</Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="outline" {...autosave.getDiscardProps()}>{t('form.draft.discard')}</Button>
              <Button size="xs" variant="ghost" {...autosave.getDismissProps()}>{t('form.draft.dismiss')}</Button>
            </>
          )}
        </HStack>
      </Stack>
    </Alert.Root>
  );
}
