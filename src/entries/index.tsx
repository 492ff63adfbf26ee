import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { pageModules } from '../widgets/page-modules';
import { startInSteps } from './start-in-steps';

/**
 * index.html: the application shell, started in steps as login.html is (start-in-steps.ts); its
 * locale modules are asked for first, so their requests overlap that work.
 */
void loadModules(initialLanguage(), pageModules(['shell']));
void startInSteps(async () => (await import(/* webpackMode: "eager" */ './index-app')).shellApp());
