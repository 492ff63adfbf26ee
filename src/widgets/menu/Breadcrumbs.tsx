import { Fragment } from 'react';
import { Breadcrumb } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { breadcrumbs } from '../../shared/menu-tree';
import { useShell } from '../shell-context';
import { useI18n } from '../../services/i18n/react';

/** The parent chain of the menu item the current route shows; nothing for pages off the menu. */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useI18n();
  const { menu } = useShell();
  const index = useSelector(menu, (s) => s.context.index);
  const leaf = index?.byUrl.get(path);
  const trail = index && leaf ? breadcrumbs(index.byId, leaf.id) : [];
  if (trail.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm" mb="3" aria-label={t('shell.breadcrumbs')} data-testid="breadcrumbs">
      <Breadcrumb.List>
        {trail.map((node, i) => (
          <Fragment key={node.id}>
            <Breadcrumb.Item>{i === trail.length - 1 ? <Breadcrumb.CurrentLink>{node.functionName}</Breadcrumb.CurrentLink> : node.functionName}</Breadcrumb.Item>
            {i < trail.length - 1 && <Breadcrumb.Separator />}
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
