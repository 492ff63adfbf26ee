import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { pageModules } from '../widgets/page-modules';
import { nextTask, startInSteps } from './start-in-steps';

/**
 * index.html: the application shell, started in steps as login.html is (start-in-steps.ts); its
 * locale modules are asked for first, then (a task of its own) the session info, the shell's
 * chunk and the route's page (shell-early.ts), so their requests overlap that work.
 */
void loadModules(initialLanguage(), pageModules(['shell']));
void nextTask()
  .then(() => import(/* webpackMode: "eager" */ '../views/shell/shell-early'))
  .then((early) => early.openShellEarly());
void startInSteps(async () => (await import(/* webpackMode: "eager" */ './index-app')).shellApp());
