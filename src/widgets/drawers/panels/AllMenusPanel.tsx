import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useI18n } from '../../../services/i18n/react';
import { useMenu } from '../../menu/use-menu';
import { FavouriteButton } from '../../menu/FavouriteButton';

/** Every menu the user may open at a glance: areas side by side, their groups and pages. */
export default function AllMenusPanel() {
  const { t } = useI18n();
  const { tree } = useMenu();
  if (tree.length === 0) return <Text color="fg.muted">{t('shell.menu.empty')}</Text>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6" data-testid="all-menus">
      {tree.map((top) => (
        <Box key={top.id}>
          <Heading size="sm" mb="2">{top.functionName}</Heading>
          {top.children.map((group) => (
            <Stack key={group.id} gap="0" mb="3">
              <Text fontSize="xs" color="fg.muted">{group.functionName}</Text>
              {(group.children.length > 0 ? group.children : [group]).map((leaf) => (
                <Stack key={leaf.id} direction="row" align="center" gap="1">
                  <Link href={leaf.funcUrl}>{leaf.functionName}</Link>
                  <FavouriteButton id={leaf.id} name={leaf.functionName} />
                </Stack>
              ))}
            </Stack>
          ))}
        </Box>
      ))}
    </SimpleGrid>
  );
}
