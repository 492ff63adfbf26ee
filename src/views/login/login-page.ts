import { useEffect, useState } from 'react';
import { loginApi, type LoginPageParams } from '../../services/api/login';

/** Parameters asked for before the view first renders, per language; each is taken once. */
const early = new Map<string, Promise<LoginPageParams>>();

/**
 * Asks for the page's parameters as soon as the login view's code arrives, not after its first
 * render (issue 16): the logo is the page's largest paint, and it waited for the render, then
 * this call, then the image. Each logo is fetched at once too, so the image is in the browser's
 * cache when the view draws it. A failure is the view's to show (the hook takes the promise).
 */
export function prefetchLoginPageParams(lang: string): void {
  const params = loginApi.pageParams().then((p) => {
    for (const logo of p.logoFiles) new Image().src = logo.url;
    return p;
  });
  params.catch(() => undefined); // handled by the hook that takes it
  early.set(lang, params);
}

/**
 * The login page's parameters (system title, login types, logos, forgot-password switch),
 * asked again when the language changes since titles and type names are localised.
 */
export function useLoginPageParams(lang: string): { params: LoginPageParams | null; error: string | null } {
  const [params, setParams] = useState<LoginPageParams | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const asked = early.get(lang) ?? loginApi.pageParams();
    early.delete(lang);
    asked
      .then((p) => live && (setParams(p), setError(null)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [lang]);
  return { params, error };
}
