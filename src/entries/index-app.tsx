import { StrictMode, type ReactElement } from 'react';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppProviders } from '../widgets/AppProviders';
import { RouteGuard } from '../views/shell/RouteGuard';

/** index.html's application: the shell behind the route guard (hash routing). */
export function shellApp(): ReactElement {
  return (
    <StrictMode>
      <AppProviders modules={['shell']}>
        <Router hook={useHashLocation}>
          <RouteGuard />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
