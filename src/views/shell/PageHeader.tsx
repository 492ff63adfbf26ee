import { Flex } from '@chakra-ui/react';
import { Breadcrumbs } from '../../widgets/menu/Breadcrumbs';
import { useMenu } from '../../widgets/menu/use-menu';
import { PageGuide } from '../../widgets/operation-guide/PageGuide';

/**
 * The page header of the page host (widgets §2): the breadcrumbs of the menu item the route
 * shows and, for a menu page, its operation guide. Outside the kept-alive pages, so it always
 * belongs to the page on screen.
 */
export function PageHeader({ path }: { path: string }) {
  const { current } = useMenu(path);
  const funcId = current ? Number(current.id) : NaN;
  return (
    <Flex justify="space-between" align="flex-start" gap="2" data-testid="page-header">
      <Breadcrumbs path={path} />
      {Number.isInteger(funcId) && funcId > 0 && <PageGuide key={funcId} funcId={funcId} name={current!.functionName} />}
    </Flex>
  );
}
