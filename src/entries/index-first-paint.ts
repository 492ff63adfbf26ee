import { homeFirstPaintSettled, paintHomeGreetingEarly } from '../services/home-first-paint';

/**
 * index.html's first script, small and the only one the page names to run (rspack.config.ts,
 * AppAfterFirstPaintPlugin): on the home page of a stored session it asks for the session info at
 * once and greets the user from it (services/home-first-paint.ts, issue 16); then, or at once
 * elsewhere, it runs the app's script, which the page has been preloading meanwhile.
 */
const appScript = document.currentScript?.getAttribute('data-app-script');
try {
  paintHomeGreetingEarly();
} catch {
  // The greeting is a head start, nothing more: whatever went wrong here, the app runs.
}
void homeFirstPaintSettled().then(() => {
  if (!appScript) return;
  const script = document.createElement('script');
  script.src = appScript;
  document.head.append(script);
});
