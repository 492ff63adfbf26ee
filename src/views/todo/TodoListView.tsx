import { Suspense, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { reviewedResource } from '../../resources';
import type { ResourceDef } from '../../resources/define';
import { contract } from '../../shared/contract';
import type { FlowTask } from '../../shared/contract/wkfl';
import { formatDateTime } from '../../shared/date-format';
import { call } from '../../services/http/call';
import { I18nProvider, useI18n } from '../../services/i18n/react';
import { PagedList } from '../../widgets/paged-list/PagedList';
import { usePagedList, type FetchPage } from '../../widgets/paged-list/usePagedList';
import { EditFormContainer } from '../resource/edit-form/EditFormContainer';
import { sendReview, type Review, type SendReview } from '../resource/edit-form/ReviewPanel';
import { useFunctionDisplay } from '../../services/function-display';
import { pageModules } from '../../widgets/page-modules';
import { recordOfPath } from './task-path';

// The one place this list meets the API.
const fetchTodo: FetchPage<FlowTask> = ({ start, limit }) => call(contract.wkfl.todo, { start, limit });

/**
 * The user's to-do list (issue 15 point 1; docs/approvals.md, "The to-do page"): running flows
 * whose current step one of their duties may decide, oldest first, a page at a time (the
 * paged-list machine: loading, the rows, empty, the failure with a retry). Each task opens its
 * record's review, the same dialog the record's own page opens; a decision leaves the list.
 * `fetchPage` is the to-do call (a test gives its own).
 */
export function TodoList({ fetchPage = fetchTodo }: { fetchPage?: FetchPage<FlowTask> }) {
  const { t } = useI18n();
  const list = usePagedList<FlowTask>(fetchPage);
  // A task's own address (task-path.ts) opens its review; closing it returns to the list's
  // address, the page staying as it is, and the keyboard to the list's Refresh (no row's button
  // opened it). Taken while rendering when the address changes (React's pattern for state that
  // follows a value), so an address typed while the list is open opens its task too.
  const { business, record } = useParams<{ business?: string; record?: string }>();
  const [, navigate] = useLocation();
  const address = `${business ?? ''}/${record ?? ''}`;
  const [seen, setSeen] = useState<string | null>(null);
  const [open, setOpen] = useState<{ def: ResourceDef; id: number; addressed?: boolean } | null>(null);
  if (seen !== address) {
    setSeen(address);
    const def = business ? reviewedResource(business) : null;
    const id = recordOfPath(record);
    if (def && id !== null) setOpen({ def, id, addressed: true });
  }
  const refresh = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (open?.addressed) navigate('/todo-list', { replace: true });
    setOpen(null);
  };
  // The record's own review call, as its page sends it; the dialog waits for the answer, and a
  // decision taken leaves the list.
  const decide = async (def: ResourceDef, record: { id: number; version: number }, review: Review) => {
    await sendReview(def, record, review);
    list.refresh();
  };
  return (
    <Stack gap="4" data-testid="todo-list">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="lg">{t('shell.routes.todoList')}</Heading>
        <Button ref={refresh} size="sm" variant="outline" {...list.getRefreshProps()}>{t('approval.todo.refresh')}</Button>
      </HStack>
      <PagedList api={list} empty={t('approval.todo.empty')} testId="todo-table">
        {(rows) => (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('approval.todo.business')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('approval.todo.record')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('approval.todo.step')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('approval.todo.submitter')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('approval.todo.time')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('approval.todo.action')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((task) => {
                  const def = reviewedResource(task.businessType);
                  return (
                    <Table.Row key={task.instanceId} data-testid="todo-task" {...list.getRowProps(task)}>
                      <Table.Cell>{task.businessName}</Table.Cell>
                      <Table.Cell>{task.title}</Table.Cell>
                      <Table.Cell>{task.stepName}</Table.Cell>
                      <Table.Cell>{task.submitter}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(task.submittedAt)}</Table.Cell>
                      <Table.Cell>
                        {/* A business this build does not know (its definition gone) cannot be opened; the server still lists it. */}
                        {def ? (
                          <Button size="xs" colorPalette="blue" disabled={list.busy} aria-label={t('approval.todo.openNamed', { record: task.title })} onClick={() => setOpen({ def, id: task.recordId })}>
                            {t('approval.todo.open')}
                          </Button>
                        ) : (
                          <Text color="fg.muted">-</Text>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </PagedList>
      {open && (
        // Only the dialog waits for the hide-button map (asked once per session), never the list.
        <Suspense fallback={null}>
          <TaskReview key={`${open.def.code}-${open.id}`} def={open.def} id={open.id} onDone={() => list.refresh()} onClose={close} onReview={(review, record) => decide(open.def, record, review)} finalFocusEl={open.addressed ? () => refresh.current : undefined} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * A task's review: its record's approval form, as the record's own page opens it, under the
 * hide-button map of the business's page (widgets §6: the decisions hidden there are hidden here).
 */
function TaskReview({ def, id, onDone, onClose, onReview, finalFocusEl }: { def: ResourceDef; id: number; onDone: () => void; onClose: () => void; onReview: SendReview; finalFocusEl?: () => HTMLElement | null }) {
  const display = useFunctionDisplay(def.path);
  return <EditFormContainer def={def} display={display} open={{ mode: 'approval', id }} onDone={onDone} onClose={onClose} onReview={onReview} finalFocusEl={finalFocusEl} />;
}

/** The locale modules the review dialog's widgets speak (a resource page's), loaded before the page draws. */
const TODO_PAGE_MODULES = ['approval', 'resource', 'form', 'table', 'query', 'section', 'embedded', 'dynamic', 'lookup', 'scroll', 'upload', 'preview'];

export default function TodoListView() {
  return (
    <I18nProvider modules={pageModules(TODO_PAGE_MODULES)}>
      <TodoList />
    </I18nProvider>
  );
}
