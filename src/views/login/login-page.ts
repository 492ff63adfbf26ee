import { useEffect, useState } from 'react';
import { loginApi, type LoginPageParams } from '../../services/api/login';

/**
 * The login page's parameters (system title, login types, logos, forgot-password switch),
 * asked again when the language changes since titles and type names are localised.
 */
export function useLoginPageParams(lang: string): { params: LoginPageParams | null; error: string | null } {
  const [params, setParams] = useState<LoginPageParams | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loginApi
      .pageParams()
      .then((p) => live && (setParams(p), setError(null)))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [lang]);
  return { params, error };
}
