import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Checkmark, Dialog, Input, Portal, Spinner, Stack, Text, TreeView, createTreeCollection, useTreeViewContext, useTreeViewNodeContext, type TreeViewNodeState } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { contract, type FunctionNode } from '../../../shared/contract';
import { call } from '../../../services/http/call';
import { inspect } from '../../../services/inspector';
import { useI18n } from '../../../services/i18n/react';
import { grantDialogMachine, type GrantsAnswer } from '../../../machines/grant-dialog.machine';
import { connectGrantDialog } from '../../../machines/grant-dialog.connect';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { useLocaleModule } from '../../../services/i18n/use-locale-module';
import { useMountedDialog } from './dialog-mount';
import type { RowExtraProps } from './types';
import { RowButton } from '../../../widgets/table';
import { BusyButton } from '../../../widgets/BusyButton';
import { rowNameIn } from '../../../resources/row-name';

const api = contract.userAdmin;

/** A node of the tree the dialog shows: ids as strings, as Chakra's TreeView names values. */
interface TreeNode {
  id: string;
  name: string;
  children?: TreeNode[];
}

/**
 * The function tree (area, group, page: three levels) from the flat list the server answers,
 * in its order. Pages are the leaves: a grant is a set of pages, and the menu shows their
 * groups and areas with them.
 */
export function buildFunctionTree(functions: FunctionNode[]): { root: TreeNode; leaves: Set<number> } {
  const nodes = new Map<number, TreeNode>(functions.map((f) => [f.id, { id: String(f.id), name: f.functionName }]));
  const root: TreeNode = { id: 'ROOT', name: '', children: [] };
  for (const f of functions) {
    const parent = f.fatherFunctionId ? nodes.get(f.fatherFunctionId) : undefined;
    const holder = parent ?? root;
    (holder.children ??= []).push(nodes.get(f.id)!);
  }
  const leaves = new Set(functions.filter((f) => !nodes.get(f.id)!.children).map((f) => f.id));
  return { root, leaves };
}

/**
 * The pages a filter finds: those whose name, or whose group's or area's name, contains it
 * (letter case aside), so "参数" finds every page of the Parameters group as well as pages
 * named so. Groups and areas are never matches themselves: they show only holding a page found.
 */
export function pagesMatching(functions: FunctionNode[], leaves: Set<number>, query: string): Set<number> {
  const q = query.trim().toLocaleLowerCase();
  const byId = new Map(functions.map((f) => [f.id, f]));
  const path = (f: FunctionNode | undefined): string => (f ? `${f.functionName}\n${path(f.fatherFunctionId ? byId.get(f.fatherFunctionId) : undefined)}` : '');
  return new Set(functions.filter((f) => leaves.has(f.id) && path(f).toLocaleLowerCase().includes(q)).map((f) => f.id));
}

/** A duty's name in the reader's language: its English name in English when it has one (as a dictionary's and a structure's). */
export const dutyNameOf = (row: Record<string, unknown>, lang: string): string => rowNameIn(row, 'dutyName', lang);

/** A duty row's extra action: its function tree, for any duty not cancelled. */
export function DutyRowActions({ row, reload, display }: RowExtraProps) {
  const { t, lang } = useI18n();
  const ready = useLocaleModule('admin');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!ready || row.recordState === 'nullified' || !display.button('functions')) return null;
  return (
    <>
      <RowButton onClick={() => setOpen(true)} data-action="function-tree">
        {t('admin.tree.action')}
      </RowButton>
      {open && <FunctionTreeDialog dutyId={row.id} duty={`${dutyNameOf(row, lang)} (${String(row.dutyCode ?? row.id)})`} onClosed={close} onSaved={reload} />}
    </>
  );
}

function NodeCheckbox({ name }: { name: string }) {
  const { t } = useI18n();
  const node = useTreeViewNodeContext();
  return (
    <TreeView.NodeCheckbox aria-label={t('admin.tree.check', { name })}>
      <Checkmark size="sm" checked={node.checked === true} indeterminate={node.checked === 'indeterminate'} />
    </TreeView.NodeCheckbox>
  );
}

/** A tree item's checked state as ARIA names it, so a screen reader says it on the focused node. */
const ariaChecked = (checked: TreeViewNodeState['checked']) => (checked === 'indeterminate' ? 'mixed' : checked);

/**
 * Space on the focused node ticks or unticks it as a click on its checkbox does (a group: the
 * pages it shows). Zag's tree (1.43) has no key for its checkboxes, which it keeps out of the
 * tab order: its Space does what Enter does, select (and open or close a group), so a keyboard
 * could not grant anything. Handled on the node, before the tree's own handler, which leaves
 * an event whose default is prevented alone; Enter stays Zag's.
 */
function useSpaceChecks(): (event: KeyboardEvent) => void {
  const tree = useTreeViewContext();
  const node = useTreeViewNodeContext();
  return (event) => {
    if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing || node.disabled) return;
    event.preventDefault();
    tree.toggleChecked(node.value, node.isBranch);
  };
}

function FunctionBranchControl({ name }: { name: string }) {
  return (
    <TreeView.BranchControl onKeyDown={useSpaceChecks()}>
      <NodeCheckbox name={name} />
      <TreeView.BranchIndicator />
      <TreeView.BranchText>{name}</TreeView.BranchText>
    </TreeView.BranchControl>
  );
}

function FunctionLeaf({ name }: { name: string }) {
  const node = useTreeViewNodeContext();
  return (
    <TreeView.Item data-testid="function-leaf" aria-checked={ariaChecked(node.checked)} onKeyDown={useSpaceChecks()}>
      <NodeCheckbox name={name} />
      <TreeView.ItemText>{name}</TreeView.ItemText>
    </TreeView.Item>
  );
}

/**
 * The tree's nodes, as Chakra's TreeView.Node draws them but for each group's own treeitem
 * carrying its checked state (TreeView.Node gives every group the same props).
 */
function FunctionNodes({ collection, node, indexPath }: { collection: ReturnType<typeof createTreeCollection<TreeNode>>; node: TreeNode; indexPath: number[] }) {
  return (
    <TreeView.NodeProvider node={node} indexPath={indexPath}>
      <TreeView.NodeContext>
        {(state) =>
          state.isBranch ? (
            <TreeView.Branch aria-checked={ariaChecked(state.checked)}>
              <FunctionBranchControl name={node.name} />
              <TreeView.BranchContent>
                <TreeView.BranchIndentGuide />
                {collection.getNodeChildren(node).map((child, i) => (
                  <FunctionNodes key={child.id} collection={collection} node={child} indexPath={[...indexPath, i]} />
                ))}
              </TreeView.BranchContent>
            </TreeView.Branch>
          ) : (
            <FunctionLeaf name={node.name} />
          )
        }
      </TreeView.NodeContext>
    </TreeView.NodeProvider>
  );
}

function FunctionTreeDialog({ dutyId, duty, onClosed, onSaved }: { dutyId: number; duty: string; onClosed: () => void; onSaved: () => void }) {
  const { t } = useI18n();
  const logic = useMemo(
    () =>
      grantDialogMachine.provide({
        actors: {
          loadGrants: fromPromise<GrantsAnswer, void>(async () => {
            const grants = await call(api.functionTree, { id: dutyId });
            const { leaves } = buildFunctionTree(grants.functions);
            // The tree shows a group checked when all its pages are: only pages are chosen.
            return { items: grants.functions, selected: grants.granted.filter((id) => leaves.has(id)) };
          }),
          saveGrants: fromPromise<unknown, { selected: number[] }>(({ input }) => call(api.saveFunctionTree, { id: dutyId, funcIds: input.selected })),
        },
        actions: { announceSaved: () => onSaved() },
      }),
    [dutyId, onSaved],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectGrantDialog<FunctionNode>(snapshot, send);
  useMountedDialog(view.state === 'closed', useCallback(() => send({ type: 'DIALOG.OPEN' }), [send]), onClosed);
  const { root, leaves } = useMemo(() => buildFunctionTree(view.items), [view.items]);
  const collection = useMemo(() => createTreeCollection<TreeNode>({ nodeToValue: (n) => n.id, nodeToString: (n) => n.name, rootNode: root }), [root]);
  // Sixty pages and more: a filter finds one without scrolling through them all. Ticks of pages
  // it hides are kept; a group's checkbox ticks the pages it shows.
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    if (!filter.trim()) return collection;
    const found = pagesMatching(view.items, leaves, filter);
    return collection.filter((n) => found.has(Number(n.id)));
  }, [collection, view.items, leaves, filter]);
  const nothingFound = shown.getNodeChildren(shown.rootNode).length === 0;
  // Zag keeps the last focused node the tree's one stop for Tab. Once the filter hides it, no
  // node would be and Tab would pass the tree by; the first node shown is then.
  const [focused, setFocused] = useState<string | null>(null);
  const focusedValue = focused !== null && shown.findNode(focused) ? focused : null;
  const { checkedValue, onCheckedChange, ...treeData } = view.getTreeProps();
  // Three levels, a few dozen groups: every branch starts open, so every granted page shows.
  const branches = useMemo(() => view.items.filter((f) => !leaves.has(f.id)).map((f) => String(f.id)), [view.items, leaves]);
  // The keyboard starts where the administrator works: on the filter above the tree, not on Close
  // (the first button). While the tree loads it waits on the dialog itself; once the tree is
  // there, the filter takes it, unless the user has moved it meanwhile.
  const content = useRef<HTMLDivElement>(null);
  const filterField = useRef<HTMLInputElement>(null);
  const hasTree = view.items.length > 0;
  useEffect(() => {
    if (!hasTree) return;
    const at = document.activeElement;
    if (at === content.current || at === document.body || at === null) filterField.current?.focus();
  }, [hasTree]);
  return (
    <Dialog.Root {...view.getDialogProps()} size="lg" scrollBehavior="inside" initialFocusEl={() => filterField.current ?? content.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content} data-testid="function-tree-dialog">
            <Dialog.Header>
              <Stack gap="3" flex="1">
                <Dialog.Title>{t('admin.tree.title', { duty })}</Dialog.Title>
                {view.items.length > 0 && (
                  <Input ref={filterField} size="sm" type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} placeholder={t('admin.tree.filter')} aria-label={t('admin.tree.filter')} data-part="function-filter" />
                )}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text fontSize="sm" color="fg.muted">{t('admin.tree.explain')}</Text>
                {view.loading && <Spinner role="status" aria-label={t('global.loading')} />}
                <ErrorAlert message={view.error} />
                {view.loadFailed && (
                  <Button size="sm" variant="outline" alignSelf="start" {...view.getRetryProps()}>{t('admin.tree.retry')}</Button>
                )}
                {view.items.length > 0 && nothingFound && <Text data-part="function-filter-empty">{t('admin.tree.noMatch', { filter: filter.trim() })}</Text>}
                {view.items.length > 0 && !nothingFound && (
                  <TreeView.Root
                    {...treeData}
                    collection={shown}
                    size="sm"
                    defaultExpandedValue={branches}
                    focusedValue={focusedValue}
                    onFocusChange={(d) => setFocused(d.focusedValue)}
                    checkedValue={checkedValue}
                    // Only pages are granted; Chakra adds a branch's own value when all its pages are ticked.
                    onCheckedChange={(d) => onCheckedChange({ checkedValue: d.checkedValue.filter((v) => leaves.has(Number(v))) })}
                  >
                    <TreeView.Label srOnly>{t('admin.tree.label')}</TreeView.Label>
                    <TreeView.Tree>
                      {shown.getNodeChildren(shown.rootNode).map((node, i) => (
                        <FunctionNodes key={node.id} collection={shown} node={node} indexPath={[i]} />
                      ))}
                    </TreeView.Tree>
                  </TreeView.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" {...view.getCloseProps()}>{t('admin.tree.close')}</Button>
              <BusyButton size="sm" colorPalette="blue" {...view.getSaveProps()}>{t('admin.tree.save')}</BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
