import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { menuMachine } from '../machines/menu.machine';
import type { drawerMachine } from '../machines/drawer.machine';
import type { reminderNoticeMachine } from '../machines/reminder-notice.machine';
import type { themeChoiceMachine } from '../machines/theme-choice.machine';
import type { SessionInfo } from '../services/api/shell';
import type { LoginUserInfo } from '../services/storage';

/**
 * What the shell hands to everything inside it: the menu and drawer actors (components read
 * them with useSelector and send to them), the session as the server told it, and the user.
 */
export interface ShellValue {
  menu: ActorRefFrom<typeof menuMachine>;
  drawers: ActorRefFrom<typeof drawerMachine>;
  /** The unread-reminders notice and the no-notify preference. */
  notice: ActorRefFrom<typeof reminderNoticeMachine>;
  /** The colour theme and navigation colour, applied and saved as chosen. */
  theme: ActorRefFrom<typeof themeChoiceMachine>;
  session: SessionInfo | null;
  user: LoginUserInfo | null;
  systemTitle: string;
  logout: () => Promise<void>;
  /** After the language switch: saves it on the user and reloads what the server names in it. */
  changeLanguage: (lang: string) => void;
}

export const ShellContext = createContext<ShellValue | null>(null);

export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside the shell');
  return value;
}

/** Opens a named drawer from anywhere inside the shell: `openDrawer('reminders')`. */
export function useOpenDrawer() {
  const { drawers } = useShell();
  return (name: string, url?: string) => drawers.send({ type: 'DRAWER.OPEN', name, ...(url !== undefined ? { url } : {}) });
}
