import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { AppProviders } from '../widgets/AppProviders';
import { RouteGuard } from '../views/shell/RouteGuard';

/** index.html: the application shell behind the route guard (hash routing). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders modules={['shell']}>
      <Router hook={useHashLocation}>
        <RouteGuard />
      </Router>
    </AppProviders>
  </StrictMode>,
);
