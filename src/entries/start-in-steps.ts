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
 * The modules every page needs before its first render, in the order they are evaluated, one task
 * each (an import evaluates a module and whatever it imports that has not run yet). Eager
 * imports: they are in the page's own script, nothing is fetched.
 */
const SHARED_STEPS: ReadonlyArray<() => Promise<unknown>> = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  // The components' part names (Chakra's and Ark's anatomies), a third of evaluating Chakra's recipes.
  () => import(/* webpackMode: "eager" */ '@chakra-ui/react/anatomy'),
  // Chakra's default theme in three steps: its slot recipes, its recipes, then the rest (tokens,
  // conditions, the base preset).
  () => import(/* webpackMode: "eager" */ 'chakra-theme-parts/slot-recipes.js'),
  () => import(/* webpackMode: "eager" */ 'chakra-theme-parts/recipes.js'),
  () => import(/* webpackMode: "eager" */ '../services/theme-defaults'),
  () => import(/* webpackMode: "eager" */ '../services/theme-config'),
  () => import(/* webpackMode: "eager" */ '../services/theme-system'),
  // The providers every page shares (the request layer, its toasts and dialogs' machines, the HTTP
  // client, the session). Split in three (the session, the request layer's error machine, the
  // rest), the shell's home measured no better in Lighthouse (7 runs alternated, TBT 1,297 ms
  // whole against 1,503 ms split): left whole.
  () => import(/* webpackMode: "eager" */ '../widgets/AppProviders'),
];

/**
 * How both pages start (issue 16, total blocking time): their files are fetched at once, but
 * their code runs in steps, each its own task and under Lighthouse's 50 ms long-task bound at
 * its 4× CPU slowdown where it can be: the entry's own modules, then SHARED_STEPS (React's DOM
 * renderer, Chakra's theme, the app's theme system, the providers every page shares), then the
 * page's own modules (`app`), then a first render that React slices further (a transition).
 */
export async function startInSteps(app: () => Promise<ReactNode>): Promise<void> {
  // An eager import resolves in a microtask: without this, React's DOM renderer would run in the
  // task that compiles and runs the entry's own script and asks for the page's files.
  for (const step of SHARED_STEPS) {
    await nextTask();
    await step();
  }
  await nextTask();
  const element = await app();
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  startTransition(() => createRoot(document.getElementById('root')!).render(element));
}
