import { lazy } from 'react';
import { afterLoginUrl } from '../services/http/return-to';
import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { local } from '../services/storage';
import { pageModules } from '../widgets/page-modules';
import { nextTask, startInSteps } from './start-in-steps';
import { endFirstPaintAtTheLatest } from '../services/first-paint';

/**
 * login.html. With a live session the visitor goes straight to the app; a stale one is found out
 * there (its first call answers 401 and the prompt leads back here, without the token).
 *
 * The page starts in steps (start-in-steps.ts, issue 16); the login view's chunk, the page's
 * parameters (with its logo) and the locale modules are asked for first, so their requests overlap
 * that work.
 * The server sends the page with its card already painted (server/pages/login-first-paint.ts); the
 * login view takes it away when it can show itself whole, and it is gone soon after the first
 * render whatever that shows.
 */

const loginView = () => import(/* webpackChunkName: "view-login" */ '../views/login/LoginView');

/**
 * The login view's modules, evaluated a part a task once the shared steps are done: the session's
 * and the login's machines (XState builds a machine's states as its module loads), then the
 * view. Asked for when its chunk has come, a view's whole module graph ran in the one task that
 * received the chunk (issue 16, some 200 ms in Lighthouse's 4× simulation); its chunk is asked
 * for at once all the same (login-page below).
 */
async function loginViewInSteps() {
  await import(/* webpackChunkName: "view-login" */ '../views/login/after-login');
  await nextTask();
  await import(/* webpackChunkName: "view-login" */ '../views/login/PasswordLogin');
  await nextTask();
  return (await loginView()).default;
}

if (local.get('sessionKey')) window.location.replace(afterLoginUrl());
else {
  // Asks for the view's chunk (the same one) while the page starts; only the parameters' module runs now.
  void import(/* webpackChunkName: "view-login" */ '../views/login/login-page').then((page) => page.prefetchLoginPageParams(initialLanguage()));
  void loadModules(initialLanguage(), pageModules(['login']));
  void startInSteps(async () => {
    const { loginPages } = await import(/* webpackMode: "eager" */ './login-app');
    // Should the view's chunk fail to come, the page renders as it did before the steps: the view
    // lazy, asked for once more as it renders, its failure React's to show.
    const view = await loginViewInSteps().catch(() => lazy(loginView));
    return loginPages(view);
  }).finally(endFirstPaintAtTheLatest);
}
