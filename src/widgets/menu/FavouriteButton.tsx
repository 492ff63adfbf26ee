import { IconButton } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useI18n } from '../../services/i18n/react';
import { useShell } from '../shell-context';

/** The star of a menu item: often-used or not, kept on the server. */
export function FavouriteButton({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const { menu } = useShell();
  const starred = useSelector(menu, (s) => s.context.favourites.includes(id));
  const saving = useSelector(menu, (s) => s.hasTag('saving'));
  const label = t(starred ? 'shell.menu.unstar' : 'shell.menu.star', { name });
  return (
    <IconButton
      size="2xs"
      variant="ghost"
      aria-label={label}
      title={label}
      aria-pressed={starred}
      data-testid={`star-${id}`}
      disabled={saving}
      color={starred ? 'orange.500' : 'fg.subtle'}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        menu.send(starred ? { type: 'FAVOURITE.DELETE', id } : { type: 'FAVOURITE.ADD', id });
      }}
    >
      <span aria-hidden>{starred ? '★' : '☆'}</span>
    </IconButton>
  );
}
