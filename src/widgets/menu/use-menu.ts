import { useSelector } from '@xstate/react';
import { connectMenu } from '../../machines/menu.connect';
import { useShell } from '../shell-context';

/** The shell's menu as connectMenu gives it (props and parts), for the route at `path`. */
export function useMenu(path = '') {
  const { menu } = useShell();
  const snapshot = useSelector(menu, (s) => s);
  return connectMenu(snapshot, menu.send, path);
}
