import { IconButton } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import { useMenu } from './use-menu';

/** The star of a menu item, beside it (never inside another control): often-used or not, kept on the server. */
export function FavouriteButton({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const api = useMenu();
  const starred = api.isFavourite(id);
  const label = t(starred ? 'shell.menu.unstar' : 'shell.menu.star', { name });
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} title={label} data-testid={`star-${id}`} color={starred ? 'orange.500' : 'fg.subtle'} {...api.getStarProps(id)}>
      <span aria-hidden>{starred ? '★' : '☆'}</span>
    </IconButton>
  );
}
