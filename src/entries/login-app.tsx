import { lazy, StrictMode, Suspense, type ComponentType, type ReactElement } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppProviders } from '../widgets/AppProviders';

const ForgotPasswordView = lazy(() => import(/* webpackChunkName: "view-forgot-password" */ '../views/login/ForgotPasswordView'));

/**
 * login.html's pages: the ones a visitor sees before a session exists (#/login,
 * #/forgot-password). The login view comes loaded: the entry evaluates it in steps (login.tsx).
 */
export function loginPages(LoginView: ComponentType): ReactElement {
  return (
    <StrictMode>
      <AppProviders modules={['login']}>
        <Router hook={useHashLocation}>
          <Suspense fallback={null}>
            <Switch>
              <Route path="/login" component={LoginView} />
              <Route path="/forgot-password" component={ForgotPasswordView} />
              <Route>
                <Redirect to="/login" replace />
              </Route>
            </Switch>
          </Suspense>
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
