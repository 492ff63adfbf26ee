import { Box, Flex } from '@chakra-ui/react';
import { Breadcrumbs } from '../../widgets/menu/Breadcrumbs';
import { useMenu } from '../../widgets/menu/use-menu';
import { PageGuide } from '../../widgets/operation-guide/PageGuide';

/**
 * The page header of the page host (widgets §2): the breadcrumbs of the menu item the route
 * shows and, for a menu page, its operation guide. Outside the kept-alive pages, so it always
 * belongs to the page on screen. On a phone the guide's hint does not fit beside the trail:
 * the row wraps and the guide moves under it, rather than squeezing the trail's words into a
 * letter or two per line.
 */
/** Ours: the width the trail keeps before the guide wraps under it. */
const TRAIL_MIN_WIDTH = '16rem';

export function PageHeader({ path }: { path: string }) {
  const { current } = useMenu(path);
  const funcId = current ? Number(current.id) : NaN;
  return (
    <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap" data-testid="page-header">
      <Box flex={`1 1 ${TRAIL_MIN_WIDTH}`} minW="0">
        <Breadcrumbs path={path} />
      </Box>
      {Number.isInteger(funcId) && funcId > 0 && (
        <Box ms="auto" mb="2">
          <PageGuide key={funcId} funcId={funcId} name={current!.functionName} />
        </Box>
      )}
    </Flex>
  );
}
