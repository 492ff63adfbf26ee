import { ExtrasDialog } from './ExtrasDialog';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, Field, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import nodeDef from '../../../resources/defs/org-struct-node';
import orgDef from '../../../resources/defs/org-info';
import { resourceApi } from '../../../services/api/resources';
import { ask } from '../../../services/http/questions';
import { inspect } from '../../../services/inspector';
import { useI18n } from '../../../services/i18n/react';
import { translate } from '../../../services/i18n/i18n';
import { PAGE_LIMIT_MAX } from '../../../shared/constants';
import { orgStructTreeMachine, type OrgStructChange, type OrgStructNode } from '../../../machines/org-struct-tree.machine';
import { connectOrgStructTree } from '../../../machines/org-struct-tree.connect';
import { ErrorAlert } from '../../../widgets/ErrorAlert';
import { LookupField } from '../../../widgets/lookup/LookupField';
import { useLocaleModule } from '../../../services/i18n/use-locale-module';
import type { RowExtraProps } from './types';
import { RowButton } from '../../../widgets/table';
import { useFocusWhenLost } from '../../../widgets/useFocusWhenLost';
import { rowNameIn } from '../../../resources/row-name';

const nodes = resourceApi(nodeDef);
const orgs = resourceApi(orgDef);

/** The select's value for "no parent": a root node. Organisation codes never hold parentheses. */
const ROOT = '(root)';
/** The indent of one level of the tree. */
const INDENT_PX = 24;

/** A structure row's extra action: its organisations as a tree (docs/org-structure.md). */
export function OrgStructRowActions({ row, display }: RowExtraProps) {
  const { t, lang } = useI18n();
  const ready = useLocaleModule('structure');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!ready || !display.button('structure')) return null;
  const code = String(row.structCode ?? '');
  const name = rowNameIn(row, 'structName', lang, code);
  return (
    <>
      <RowButton onClick={() => setOpen(true)} data-action="org-struct-tree" aria-label={t('structure.tree.actionLabel', { name })}>
        {t('structure.tree.action')}
      </RowButton>
      {open && <OrgStructTreeDialog structCode={code} name={name} onClose={close} />}
    </>
  );
}

/** The structure's nodes (the server's filter is "contains": kept to this structure) with their organisations' names. */
async function loadTree(structCode: string, lang: string): Promise<OrgStructNode[]> {
  const [page, orgPage] = await Promise.all([
    nodes.query({ start: 1, limit: PAGE_LIMIT_MAX, structCode }),
    orgs.query({ start: 1, limit: PAGE_LIMIT_MAX }),
  ]);
  const names = new Map(orgPage.rows.map((o) => [String(o.orgCode), rowNameIn(o, 'orgName', lang)]));
  return page.rows
    .filter((r) => r.structCode === structCode)
    .map((r) => ({ id: r.id, version: r.version, enabled: r.enabled, orgCode: String(r.orgCode), parentOrgCode: r.parentOrgCode ? String(r.parentOrgCode) : null, orgName: names.get(String(r.orgCode)) }));
}

/** One change, one call; a removal is the lifecycle's disable then delete (a node in force is never deleted by one click elsewhere). */
function applyChange(structCode: string) {
  return async (change: OrgStructChange) => {
    if (change.kind === 'add') await nodes.run('add', { structCode, orgCode: change.orgCode, parentOrgCode: change.parentOrgCode });
    else if (change.kind === 'move') await nodes.run('update', { id: change.id, version: change.version, parentOrgCode: change.parentOrgCode });
    else {
      const disabled = await nodes.run('disable', { id: change.id, version: change.version });
      await nodes.run('delete', { id: change.id, version: disabled!.version });
    }
  };
}

export function OrgStructTreeDialog({ structCode, name, onClose }: { structCode: string; name: string; onClose: () => void }) {
  const { t, lang } = useI18n();
  const logic = useMemo(
    () =>
      orgStructTreeMachine.provide({
        actors: {
          loadTree: fromPromise<OrgStructNode[], void>(() => loadTree(structCode, lang)),
          confirmRemove: fromPromise<boolean, { orgCode: string; orgName?: string }>(({ input }) =>
            ask({
              title: translate(lang, 'structure.tree.removeTitle'),
              message: translate(lang, 'structure.tree.removeQuestion', { org: input.orgName ? `${input.orgCode} ${input.orgName}` : input.orgCode, name }),
              ok: translate(lang, 'structure.tree.removeOk'),
              cancel: translate(lang, 'structure.tree.removeCancel'),
              danger: true,
            }),
          ),
          applyChange: fromPromise<void, OrgStructChange>(({ input }) => applyChange(structCode)(input)),
        },
      }),
    [structCode, lang, name],
  );
  const [snapshot, send] = useMachine(logic, { inspect });
  const view = connectOrgStructTree(snapshot, send);
  // What the administrator is choosing for the next node: plain input state, kept after a refusal.
  const [picked, setPicked] = useState<Record<string, unknown>>({ orgCode: '' });
  const [parent, setParent] = useState(ROOT);
  const label = (n: { orgCode: string; orgName?: string }) => (n.orgName ? `${n.orgCode} ${n.orgName}` : n.orgCode);
  // A change reloads the tree, taking away the control pressed (the tree is gone while it loads,
  // a removed node for good): the keyboard goes on from the node changed (its Move select, or its
  // Remove button when the removal was refused), a removed node's successor, or the organisation
  // field when the tree is empty; a refused add, from the add button.
  const body = useRef<HTMLDivElement>(null);
  const changed = useRef<{ orgCode: string; kind: OrgStructChange['kind']; index: number } | null>(null);
  const change = (kind: OrgStructChange['kind'], orgCode: string) => {
    changed.current = { kind, orgCode, index: view.lines.findIndex((l) => l.orgCode === orgCode) };
  };
  useFocusWhenLost(body, view.state, (state) => {
    const root = body.current;
    const last = changed.current;
    if (state !== 'ready' || !root || !last) return null;
    const nodeEls = Array.from(root.querySelectorAll<HTMLElement>('[data-part=node]'));
    const node = nodeEls.find((n) => n.dataset.org === last.orgCode);
    if (node) return node.querySelector<HTMLElement>(last.kind === 'remove' ? '[data-part=remove]' : 'select');
    if (last.kind === 'add') return root.querySelector<HTMLElement>('[data-part=add-node]');
    const next = nodeEls[Math.min(Math.max(last.index, 0), nodeEls.length - 1)];
    return next?.querySelector<HTMLElement>('select') ?? root.querySelector<HTMLElement>('[data-part=add] input');
  });
  return (
    <ExtrasDialog
      title={t('structure.tree.title', { name, code: structCode })}
      explain={t('structure.tree.explain')}
      closeLabel={t('structure.tree.close')}
      onClose={onClose}
      testId="org-struct-tree-dialog"
    >
      <Stack gap="3" ref={body}>
        {view.busy && <Spinner role="status" aria-label={t('global.loading')} />}
        <ErrorAlert message={view.error} />
        <Button size="sm" variant="outline" alignSelf="start" {...view.getRetryProps()}>{t('structure.tree.retry')}</Button>
        {view.treeShown && (
          <Stack gap="1" {...view.getTreeProps()} aria-label={name}>
            {view.lines.length === 0 && <Text color="fg.muted">{t('structure.tree.empty')}</Text>}
            {view.lines.map((line) => (
              <HStack key={line.id} {...view.getNodeProps(line)} data-org={line.orgCode} pl={`${line.depth * INDENT_PX}px`} justify="space-between" flexWrap="wrap" borderBottomWidth="1px" py="1">
                <HStack>
                  <Text data-part="node-label">{label(line)}</Text>
                  {!line.enabled && <Badge colorPalette="gray">{t('structure.tree.disabled')}</Badge>}
                </HStack>
                <HStack>
                  <NativeSelect.Root size="xs" width={{ base: '9rem', sm: '12rem' }} disabled={view.busy}>
                    <NativeSelect.Field
                      aria-label={t('structure.tree.moveLabel', { org: line.orgCode })}
                      value=""
                      onChange={(e) => {
                        if (!e.currentTarget.value) return;
                        change('move', line.orgCode);
                        view.move(line, e.currentTarget.value === ROOT ? null : e.currentTarget.value);
                      }}
                    >
                      <option value="">{t('structure.tree.moveTo')}</option>
                      {line.parentOrgCode !== null && <option value={ROOT}>{t('structure.tree.root')}</option>}
                      {view.moveTargets(line).filter((n) => n.orgCode !== line.parentOrgCode).map((n) => (
                        <option key={n.orgCode} value={n.orgCode}>{label(n)}</option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Button size="xs" variant="outline" colorPalette="red" aria-label={t('structure.tree.removeLabel', { org: line.orgCode })} {...view.getRemoveProps(line)}
                    onClick={() => {
                      change('remove', line.orgCode);
                      view.getRemoveProps(line).onClick();
                    }}
                  >
                    {t('structure.tree.remove')}
                  </Button>
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
        {view.treeShown && (
          <HStack align="end" flexWrap="wrap" data-part="add">
            <Field.Root flex="1" minW="12rem">
              <Field.Label>{t('structure.tree.organisation')}</Field.Label>
              <Box w="full">
                <LookupField
                  name="orgCode"
                  lookup="organisation"
                  fills={{ orgCode: 'orgCode' }}
                  values={picked}
                  onFill={(values) => setPicked((v) => ({ ...v, ...values }))}
                  label={t('structure.tree.organisation')}
                />
              </Box>
            </Field.Root>
            <Field.Root flex="1" minW="9rem">
              <Field.Label>{t('structure.tree.parent')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field aria-label={t('structure.tree.parent')} value={parent} onChange={(e) => setParent(e.currentTarget.value)}>
                  <option value={ROOT}>{t('structure.tree.root')}</option>
                  {view.parents.map((n) => (
                    <option key={n.orgCode} value={n.orgCode}>{label(n)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              size="sm"
              colorPalette="blue"
              data-part="add-node"
              disabled={view.busy || !picked.orgCode}
              onClick={() => {
                change('add', String(picked.orgCode ?? ''));
                view.add(String(picked.orgCode ?? ''), parent === ROOT ? null : parent);
              }}
            >
              {t('structure.tree.add')}
            </Button>
          </HStack>
        )}
      </Stack>
    </ExtrasDialog>
  );
}
