import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider, useI18n } from '../../src/services/i18n/react';
import { useLocaleModule } from '../../src/services/i18n/use-locale-module';
import { fetchDouble } from './support/fetch-double';

afterEach(cleanup);

function Form() {
  const { lang, setLang, t } = useI18n();
  return (
    <form>
      <h1>{t('lazy.title')}</h1>
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

/** A page that loads its own messages, as the shell's lazily loaded pages do. */
function LazyPage() {
  const ready = useLocaleModule('lazy');
  return ready ? <Form /> : <p>page loading</p>;
}

describe('useLocaleModule', () => {
  it('keeps a lazily loaded page mounted through a language switch, in the new language at once: what the user typed stays', async () => {
    fetchDouble({ './locale/lazy/zh-CN/index.json': { title: '动态表单' }, './locale/lazy/en-US/index.json': { title: 'Dynamic forms' } });
    localStorage.setItem('lang', 'zh-CN');
    render(
      <I18nProvider modules={[]} fallback={<p>loading</p>}>
        <LazyPage />
      </I18nProvider>,
    );
    const input = (await screen.findByLabelText('user')) as HTMLInputElement;
    expect(screen.getByRole('heading').textContent).toBe('动态表单');
    fireEvent.change(input, { target: { value: 'staff' } });
    // Every render after the switch: the page is there, in one language or the other, never its placeholder.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('en-US'));
    observer.disconnect();
    expect(screen.getByRole('heading').textContent).toBe('Dynamic forms');
    expect(seen.filter((text) => text.includes('page loading') || text.includes('lazy.title'))).toEqual([]);
    expect((screen.getByLabelText('user') as HTMLInputElement).value).toBe('staff');
  });
});

/** The shell's language switch, outside the page's own provider. */
function OuterSwitch() {
  const { lang, setLang } = useI18n();
  return (
    <button type="button" onClick={() => void setLang(lang === 'zh-CN' ? 'en-US' : 'zh-CN')}>
      shell switch
    </button>
  );
}

describe('I18nProvider inside another', () => {
  it("speaks the outer provider's language: the page turns English with the shell, and a switch inside it turns the shell too", async () => {
    fetchDouble({ './locale/lazy/zh-CN/index.json': { title: '动态表单' }, './locale/lazy/en-US/index.json': { title: 'Dynamic forms' } });
    localStorage.setItem('lang', 'zh-CN');
    render(
      <I18nProvider modules={[]}>
        <OuterSwitch />
        <I18nProvider modules={['lazy']} fallback={<p>page loading</p>}>
          <Form />
        </I18nProvider>
      </I18nProvider>,
    );
    const input = (await screen.findByLabelText('user')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'staff' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'shell switch' }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('en-US'));
    expect(screen.getByRole('heading').textContent).toBe('Dynamic forms');
    expect((screen.getByLabelText('user') as HTMLInputElement).value).toBe('staff');
    // The page's own switch goes through the shell's: both speak Chinese again, and it is remembered.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('动态表单'));
    expect(localStorage.getItem('lang')).toBe('zh-CN');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'shell switch' }));
    });
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Dynamic forms'));
  });
});
