import { startTransition } from 'react';
import { afterLoginUrl } from '../services/http/return-to';
import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { local } from '../services/storage';
import { pageModules } from '../widgets/page-modules';
import { nextTask } from './next-task';

/**
 * login.html. With a live session the visitor goes straight to the app; a stale one is found out
 * there (its first call answers 401 and the prompt leads back here, without the token).
 *
 * The page starts in steps, each its own task (issue 16, total blocking time): the files are all
 * fetched at once as before, but their code runs in parts: React's DOM renderer; Chakra's default
 * tokens and recipes; the app's theme system (Chakra's createSystem, the largest single piece of
 * work); the page's own modules; then a first render that React slices further (a transition).
 * The login view and the locale modules are asked for first, so their requests overlap that work.
 */
async function start(): Promise<void> {
  const loginView = import(/* webpackChunkName: "view-login" */ '../views/login/LoginView');
  void loadModules(initialLanguage(), pageModules(['login']));
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme-defaults');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme');
  await nextTask();
  const { loginPages } = await import(/* webpackMode: "eager" */ './login-app');
  await nextTask();
  startTransition(() => createRoot(document.getElementById('root')!).render(loginPages(loginView)));
}

if (local.get('sessionKey')) window.location.replace(afterLoginUrl());
else void start();
