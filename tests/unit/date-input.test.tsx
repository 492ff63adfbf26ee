import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { DateInput } from '../../src/widgets/date/DateInput';
import { dayOf, patternHint, withDay } from '../../src/widgets/date/date-text';
import { DATE_FORMAT, DATE_TIME_FORMAT, DATE_TIME_FULL_FORMAT } from '../../src/shared/constants';
import { serveLocales } from './support/locale';

// The date input with Chakra's real date picker; messages are the real locale/global files.
serveLocales(['global'], { resizeObserver: true });
afterEach(cleanup);

const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((r) => setTimeout(r, 0)));
};

function Harness({ initial, pattern, readOnly }: { initial: string; pattern?: typeof DATE_FORMAT | typeof DATE_TIME_FORMAT; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  return <DateInput aria-label="起息日" label="起息日" value={value} pattern={pattern} readOnly={readOnly} onChange={(e) => setValue(e.currentTarget.value)} />;
}

async function mount(props: Parameters<typeof Harness>[0]) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['global']}>
        <Harness {...props} />
      </I18nProvider>
    </ChakraProvider>,
  );
  await settle();
  return screen.getByLabelText('起息日') as HTMLInputElement;
}

describe('date text helpers', () => {
  it('hint the pattern, read the day a text starts with, and keep a typed time when a day is picked', () => {
    expect([patternHint(DATE_FORMAT), patternHint(DATE_TIME_FORMAT), patternHint(DATE_TIME_FULL_FORMAT)]).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss']);
    expect([dayOf('2026-11-29'), dayOf('2026-11-29 09:30'), dayOf('2026-02-30'), dayOf('29/11/2026'), dayOf('')]).toEqual(['2026-11-29', '2026-11-29', null, null, null]);
    expect(withDay('2026-11-29 09:30', '2026-12-01', DATE_TIME_FORMAT)).toBe('2026-12-01 09:30');
    expect(withDay('', '2026-12-01', DATE_TIME_FORMAT)).toBe('2026-12-01 00:00');
    expect(withDay('', '2026-12-01', DATE_TIME_FULL_FORMAT)).toBe('2026-12-01 00:00:00');
    expect(withDay('2026-11-29', '2026-12-01', DATE_FORMAT)).toBe('2026-12-01');
  });
});

describe('DateInput', () => {
  it('shows YYYY-MM-DD and keeps what is typed, even a slip, as typed', async () => {
    const input = await mount({ initial: '2026-11-29' });
    expect([input.value, input.placeholder, input.type]).toEqual(['2026-11-29', 'YYYY-MM-DD', 'text']);
    fireEvent.change(input, { target: { value: '2026-13-01' } });
    await settle();
    expect(input.value).toBe('2026-13-01');
  });

  it('picks a day on the calendar, opened on the typed month with its labels in Chinese', async () => {
    const input = await mount({ initial: '2026-11-29' });
    const trigger = screen.getByRole('button', { name: '从日历选择起息日' });
    fireEvent.click(trigger);
    await settle();
    const calendar = screen.getByRole('application', { name: '日历' });
    expect(within(calendar).getByRole('button', { name: '上个月' })).toBeTruthy();
    // The 15th of the month shown (November 2026): its cell is the one whose date ends -15.
    const day = calendar.querySelector<HTMLElement>('[data-part=table-cell-trigger][data-value="2026-11-15"]');
    expect(day).toBeTruthy();
    fireEvent.click(day!);
    await settle();
    // The calendar's field replaced the plain one (DateInput.tsx): the value is in the new input.
    expect(input.isConnected).toBe(false);
    expect((screen.getByLabelText('起息日') as HTMLInputElement).value).toBe('2026-11-15');
  });

  it('draws the field without the date picker until its button is pressed, which then opens the calendar', async () => {
    await mount({ initial: '2026-11-29' });
    expect(document.querySelector('[data-scope=date-picker]')).toBeNull();
    expect(document.querySelector('[data-part=date-input] [data-part=date-text]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '从日历选择起息日' }));
    await settle();
    expect(document.querySelector('[data-scope=date-picker]')).toBeTruthy();
    expect(screen.getByRole('application', { name: '日历' })).toBeTruthy();
  });

  it('keeps a typed time when a date-time takes a day from the calendar', async () => {
    const input = await mount({ initial: '2026-11-29 09:30', pattern: DATE_TIME_FORMAT });
    expect(input.placeholder).toBe('YYYY-MM-DD HH:mm');
    fireEvent.click(screen.getByRole('button', { name: '从日历选择起息日' }));
    await settle();
    fireEvent.click(document.querySelector<HTMLElement>('[data-part=table-cell-trigger][data-value="2026-11-02"]')!);
    await settle();
    expect((screen.getByLabelText('起息日') as HTMLInputElement).value).toBe('2026-11-02 09:30');
  });

  it('offers no calendar on a read-only field', async () => {
    const input = await mount({ initial: '2026-11-29', readOnly: true });
    expect(input.readOnly).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
