import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loginPageMachine } from '../../machines/login-page.machine';
import { connectLoginPage } from '../../machines/login-page.connect';
import { loginApi, type LoginPageParams } from '../../services/api/login';
import { inspect } from '../../services/inspector';

/** Parameters asked for before the view first renders, per language; each is taken once. */
const early = new Map<string, Promise<LoginPageParams>>();

/**
 * Asks for the page's parameters as soon as the login view's code arrives, not after its first
 * render (issue 16); the logos themselves come painted in login.html's first card (the server
 * names them there). A failure is the view's to show (the machine takes the promise).
 */
export function prefetchLoginPageParams(lang: string): void {
  const params = loginApi.pageParams();
  params.catch(() => undefined); // handled by the machine that takes it
  early.set(lang, params);
}

/**
 * After a retry brought the parameters, and before its warning goes: the form's first field takes
 * the keyboard's focus (or, on a tab without fields, the tab), unless the user has meanwhile put it
 * somewhere of their own choosing.
 */
export function focusLoginForm(): void {
  const active = document.activeElement;
  if (active && active !== document.body && !active.matches('[data-part="params-retry"]')) return;
  const target = document.querySelector<HTMLElement>('[data-testid="login-form"] input:not([type="hidden"])') ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  target?.focus();
}

/** The login page's parameters machine, asking with the parameters asked for early when there are some. */
const pageMachine = loginPageMachine.provide({
  actions: { restoreFocus: focusLoginForm },
  actors: {
    loadParams: fromPromise<LoginPageParams, { lang: string }>(({ input }) => {
      const asked = early.get(input.lang);
      early.delete(input.lang);
      return asked ?? loginApi.pageParams();
    }),
  },
});

/**
 * The login page's parameters in the reader's language (login-page.machine.ts), asked again
 * when the language changes.
 */
export function useLoginPage(lang: string) {
  const [snapshot, send] = useMachine(pageMachine, { input: { lang }, inspect });
  useEffect(() => send({ type: 'LANGUAGE.CHANGE', lang }), [lang, send]);
  return connectLoginPage(snapshot, send);
}
