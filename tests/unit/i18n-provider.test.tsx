import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider, useI18n } from '../../src/services/i18n/react';

afterEach(cleanup);

function Form() {
  const { lang, setLang } = useI18n();
  return (
    <form>
      <input aria-label="user" />
      <output>{lang}</output>
      <button type="button" onClick={() => void setLang(lang === 'zh-CN' ? 'en-US' : 'zh-CN')}>
        switch
      </button>
    </form>
  );
}

describe('I18nProvider', () => {
  it('keeps its children mounted through a language switch: what the user typed stays', async () => {
    localStorage.setItem('lang', 'zh-CN');
    render(
      <I18nProvider modules={[]} fallback={<p>loading</p>}>
        <Form />
      </I18nProvider>,
    );
    const input = (await screen.findByLabelText('user')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'staff' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('en-US'));
    expect(screen.queryByText('loading')).toBeNull();
    expect((screen.getByLabelText('user') as HTMLInputElement).value).toBe('staff');
    expect(document.documentElement.lang).toBe('en-US');
  });
});
