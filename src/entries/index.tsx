import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { local } from '../services/storage';
import { prefetchRouteAt } from '../views/shell/route-match';
import { pageModules } from '../widgets/page-modules';
import { startInSteps } from './start-in-steps';

/**
 * index.html: the application shell, started in steps as login.html is (start-in-steps.ts); its
 * locale modules, and with a session the shell's code and the opened page's, are asked for
 * first, so their requests overlap that work.
 */
void loadModules(initialLanguage(), pageModules(['shell']));
if (local.get('sessionKey')) {
  void import(/* webpackChunkName: "view-shell" */ '../views/shell/ShellView').catch(() => undefined);
  prefetchRouteAt(window.location.hash.replace(/^#/, '').split('?')[0] || '/', initialLanguage());
}
void startInSteps(async () => (await import(/* webpackMode: "eager" */ './index-app')).shellApp());
