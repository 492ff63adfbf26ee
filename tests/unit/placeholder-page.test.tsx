import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import PlaceholderView from '../../src/views/placeholder/PlaceholderView';
import { LOCAL_KEYS } from '../../src/shared/constants';
import { messagesOf, serveLocales } from './support/locale';

serveLocales(['shell']);

/**
 * A menu page the portal has no screen for (an administrator's function whose address no page
 * answers; every seeded leaf has its page now): its name and a word that it is being built, in
 * the reader's language.
 */
describe('PlaceholderView', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`names the page and says it is being built (${lang})`, async () => {
      localStorage.setItem(LOCAL_KEYS.lang, lang);
      render(
        <ChakraProvider value={system}>
          <I18nProvider modules={['shell']}>
            <PlaceholderView name="对账单" />
          </I18nProvider>
        </ChakraProvider>,
      );
      const page = await screen.findByTestId('placeholder-page');
      expect(page.textContent).toContain('对账单');
      expect(page.textContent).toContain(messagesOf('shell', lang).placeholder.building);
    });
  }
});
