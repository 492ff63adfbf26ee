import { askSessionInfoEarly } from '../../services/session-early';
import { currentRoute } from '../../services/http/return-to';
import { local } from '../../services/storage';
import { APP_ROUTES } from '../routes';

/** The shell's view: its own chunk, asked for by the route guard (lazy) and early by openShellEarly. */
export const loadShellView = () => import(/* webpackChunkName: "view-shell" */ './ShellView');

/**
 * What index.html will need once its providers have rendered, asked for as its script starts
 * (issue 16): the session info, the shell's chunk, and the page of the route in the address
 * with its messages. Each used to wait for the render before it (the greeting of the home page,
 * its largest paint, came four round trips after the script). Their code runs as it arrives;
 * what renders it is unchanged. Without a stored session the route guard leaves for the login
 * page, and nothing is asked. A route with parameters in its path waits for its render, as before.
 */
export function openShellEarly(): void {
  if (!local.get('sessionKey')) return;
  askSessionInfoEarly();
  // A chunk that fails now is asked for again by what renders it (React's lazy, the bundler's retry).
  loadShellView().catch(() => undefined);
  const path = currentRoute();
  const route = APP_ROUTES.find((r) => r.path === path);
  if (route && !route.meta?.anonymous) route.load().catch(() => undefined);
}
