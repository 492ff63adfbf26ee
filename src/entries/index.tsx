import { startTransition } from 'react';
import { initialLanguage, loadModules } from '../services/i18n/i18n';
import { pageModules } from '../widgets/page-modules';
import { nextTask } from './next-task';

/**
 * index.html: the application shell. It starts in steps, each its own task, as login.html does
 * (src/entries/login.tsx, issue 16): the locale modules are asked for at once; React's DOM
 * renderer, Chakra's defaults, the theme system and the shell's modules run one after the other; the
 * first render is a transition, which React slices further.
 */
async function start(): Promise<void> {
  void loadModules(initialLanguage(), pageModules(['shell']));
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme-defaults');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme');
  await nextTask();
  const { shellApp } = await import(/* webpackMode: "eager" */ './index-app');
  await nextTask();
  startTransition(() => createRoot(document.getElementById('root')!).render(shellApp()));
}

void start();
