import { Fragment } from 'react';
import { Breadcrumb } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import { useMenu } from './use-menu';

/** The parent chain of the menu item the current route shows; nothing for pages off the menu. */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useI18n();
  const { trail } = useMenu(path);
  if (trail.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm" mb="3" aria-label={t('shell.breadcrumbs')} data-testid="breadcrumbs" data-part="breadcrumbs">
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
