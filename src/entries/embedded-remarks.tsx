import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../widgets/AppProviders';
import RemarksGuest from '../views/embedded/RemarksGuest';

/**
 * embedded-remarks.html: the demo page an edit form embeds (docs/embedded-pages.md). The one
 * page of the portal that may be framed, and only by the portal itself (frame-ancestors 'self').
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders modules={['embedded']}>
      <RemarksGuest />
    </AppProviders>
  </StrictMode>,
);
