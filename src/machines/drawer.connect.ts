import type { SnapshotFrom } from 'xstate';
import type { DrawerEvent, drawerMachine } from './drawer.machine';

type Snapshot = SnapshotFrom<typeof drawerMachine>;

/** Per drawer name: whether it is open, its stacking order and how to close it. */
export function connectDrawers(snapshot: Snapshot, send: (event: DrawerEvent) => void) {
  const { open, url } = snapshot.context;
  return {
    openNames: open,
    url,
    drawer: (name: string) => ({
      open: open.includes(name),
      depth: open.indexOf(name),
      onOpenChange: (details: { open: boolean }) => {
        if (!details.open) send({ type: 'DRAWER.CLOSE', name });
      },
    }),
    openDrawer: (name: string, address?: string) => send({ type: 'DRAWER.OPEN', name, ...(address !== undefined ? { url: address } : {}) }),
    closeAll: () => send({ type: 'DRAWER.CLOSE_ALL' }),
  };
}
