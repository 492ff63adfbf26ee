import { afterLoginUrl } from '../services/http/return-to';
import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { local } from '../services/storage';
import { pageModules } from '../widgets/page-modules';
import { startInSteps } from './start-in-steps';
import { endFirstPaintAtTheLatest } from '../services/first-paint';

/**
 * login.html. With a live session the visitor goes straight to the app; a stale one is found out
 * there (its first call answers 401 and the prompt leads back here, without the token).
 *
 * The page starts in steps (start-in-steps.ts, issue 16); the login view, the page's parameters
 * (with its logo) and the locale modules are asked for first, so their requests overlap that work.
 * The server sends the page with its card already painted (server/pages/login-first-paint.ts); the
 * login view takes it away when it can show itself whole, and it is gone soon after the first
 * render whatever that shows.
 */
if (local.get('sessionKey')) window.location.replace(afterLoginUrl());
else {
  const loginView = import(/* webpackChunkName: "view-login" */ '../views/login/LoginView');
  void import(/* webpackChunkName: "view-login" */ '../views/login/login-page').then((page) => page.prefetchLoginPageParams(initialLanguage()));
  void loadModules(initialLanguage(), pageModules(['login']));
  void startInSteps(async () => (await import(/* webpackMode: "eager" */ './login-app')).loginPages(loginView)).then(endFirstPaintAtTheLatest);
}
