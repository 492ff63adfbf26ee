import { startTransition, type ReactNode } from 'react';

/**
 * Resolves in a new task of the event loop (a message, which unlike setTimeout is never clamped),
 * so what a page's start does after it is not part of the task before.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * How both pages start (issue 16, total blocking time): their files are fetched at once, but
 * their code runs in steps, each its own task and under Lighthouse's 50 ms long-task bound at
 * its 4× CPU slowdown where it can be: the entry's own modules; React's DOM renderer; the components' anatomies;
 * Chakra's default slot recipes, recipes, then tokens; the app's configuration merged with them; the app's
 * theme system (Chakra's createSystem, the largest single piece of work); the providers every
 * page shares (the request layer, its toasts and dialogs' machines, the HTTP
 * client, the session); the page's own modules (`app`); then a first render that React slices
 * further (a transition).
 */
export async function startInSteps(app: () => Promise<ReactNode>): Promise<void> {
  // An eager import resolves in a microtask: without this, React's DOM renderer would run in the
  // task that compiles and runs the entry's own script and asks for the page's files.
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // The components' part names (Chakra's and Ark's anatomies), a third of evaluating Chakra's recipes.
  await import(/* webpackMode: "eager" */ '@chakra-ui/react/anatomy');
  await nextTask();
  // Chakra's default theme in three steps: its slot recipes, its recipes, then the rest (tokens,
  // conditions, the base preset), each module evaluated once whoever imports it first.
  await import(/* webpackMode: "eager" */ 'chakra-theme-parts/slot-recipes.js');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'chakra-theme-parts/recipes.js');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme-defaults');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme-config');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/theme-system');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../widgets/AppProviders');
  await nextTask();
  const element = await app();
  await nextTask();
  startTransition(() => createRoot(document.getElementById('root')!).render(element));
}
