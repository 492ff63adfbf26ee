import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { pageModules } from '../widgets/page-modules';
import { nextTask, startInSteps } from './start-in-steps';
import { endFirstPaintAtTheLatest } from '../services/first-paint';

/**
 * index.html: the application shell, started in steps as login.html is (start-in-steps.ts); its
 * locale modules are asked for first, then (a task of its own) the session info
 * (session-early.ts), so their requests overlap that work. The shell's chunk and the route's page
 * are not asked for early: their code then ran as it arrived, in the start's tasks (Lighthouse's
 * TBT on the home page 211 -> 327 ms, bench/README.md, stop 30). The page runs this script after
 * its first one has greeted the user on the home page (entries/index-first-paint.ts).
 */
void loadModules(initialLanguage(), pageModules(['shell']));
void nextTask()
  .then(() => import(/* webpackMode: "eager" */ '../services/session-early'))
  .then((early) => early.askSessionInfoEarly());
// The painted greeting goes when the app's greets (widgets/Greeting.tsx), or soon whatever the app shows.
void startInSteps(async () => (await import(/* webpackMode: "eager" */ './index-app')).shellApp()).finally(endFirstPaintAtTheLatest);
