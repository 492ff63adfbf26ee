import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppProviders } from '../widgets/AppProviders';
import { afterLoginUrl } from '../services/http/return-to';
import { local } from '../services/storage';

// Asked for now, beside the locale modules, rather than once they have loaded and the route
// renders: the login form is what this page is for, and the two requests then overlap (issue 16).
const loginView = import(/* webpackChunkName: "view-login" */ '../views/login/LoginView');
const LoginView = lazy(() => loginView);
const ForgotPasswordView = lazy(() => import(/* webpackChunkName: "view-forgot-password" */ '../views/login/ForgotPasswordView'));

/**
 * login.html: the pages a visitor sees before a session exists (#/login, #/forgot-password).
 * With a live session the visitor goes straight to the app; a stale one is found out there
 * (its first call answers 401 and the prompt leads back here, without the token).
 */
if (local.get('sessionKey')) window.location.replace(afterLoginUrl());
else createRoot(document.getElementById('root')!).render(
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
  </StrictMode>,
);
