import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MenuNode } from '../../shared/menu-tree';
import { useI18n } from '../../services/i18n/react';
import { useMenu } from './use-menu';
import { FavouriteButton } from './FavouriteButton';

/**
 * The left menu: first-level areas that fold open, their second-level groups, and the leaf
 * pages. The area of the current page opens by itself.
 */
export function NavMenu({ dark }: { dark: boolean }) {
  const { t } = useI18n();
  const [path] = useLocation();
  const api = useMenu(path);
  const { tree, loading, failed, serverMessage: message } = api;
  const currentTop = api.currentTopId;
  const [openIds, setOpenIds] = useState<Set<string>>(() => new Set());
  const isOpen = (id: string) => openIds.has(id) || currentTop === id;
  const toggle = (id: string) => setOpenIds((prev) => (prev.has(id) ? new Set([...prev].filter((x) => x !== id)) : new Set(prev).add(id)));

  if (loading) return <Flex p="4" justify="center" role="status" aria-label={t('shell.menu.loading')}><Spinner size="sm" /></Flex>;
  if (failed)
    return (
      <Stack p="4" gap="2" role="alert">
        <Text fontSize="sm">{t('shell.menu.failed', { reason: message ?? '' })}</Text>
        <Button size="xs" onClick={api.retry}>{t('global.retry')}</Button>
      </Stack>
    );
  if (tree.length === 0) return <Text p="4" fontSize="sm" color="fg.muted">{t('shell.menu.empty')}</Text>;

  const leafLink = (leaf: MenuNode) => (
    <Flex key={leaf.id} align="center" role="listitem" pl="6" pr="1" rounded="sm" bg={api.current?.id === leaf.id ? (dark ? 'whiteAlpha.200' : 'colorPalette.100') : undefined} _hover={{ bg: dark ? 'whiteAlpha.100' : 'colorPalette.50' }}>
      <Link href={leaf.funcUrl} {...api.getLeafProps(leaf)} style={{ flex: 1, padding: '4px 0', fontSize: '14px' }} data-testid={`menu-leaf-${leaf.id}`}>
        {leaf.functionName}
      </Link>
      <FavouriteButton id={leaf.id} name={leaf.functionName} />
    </Flex>
  );

  return (
    <Box as="nav" aria-label={t('shell.menu.label')} data-testid="nav-menu" py="2" {...api.getRootProps()}>
      {tree.map((top) => (
        <Box key={top.id}>
          <Button variant="ghost" w="full" justifyContent="space-between" size="sm" color="inherit" aria-expanded={isOpen(top.id)} onClick={() => toggle(top.id)} data-testid={`menu-top-${top.id}`}>
            {top.functionName}
            <span aria-hidden>{isOpen(top.id) ? '▾' : '▸'}</span>
          </Button>
          {isOpen(top.id) && (
            <Box px="2">
              {top.children.map((group) =>
                group.children.length === 0 && group.funcUrl ? (
                  leafLink(group)
                ) : (
                  <Box key={group.id} mb="1">
                    <Text fontSize="xs" fontWeight="semibold" opacity={0.7} pl="3" pt="1">{group.functionName}</Text>
                    <Box role="list">{group.children.map(leafLink)}</Box>
                  </Box>
                ),
              )}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
