import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { FIRST_PAINT_ID, FIRST_PAINT_MAX_WAIT_MS } from '../../src/shared/constants';
import { endFirstPaintAtTheLatest } from '../../src/services/first-paint';
import { useFirstPaintDone } from '../../src/widgets/useFirstPaintDone';

/** login.html's painted card (server/pages/login-first-paint.ts), as the server sends it. */
const paintCard = () => {
  const card = document.createElement('div');
  card.id = FIRST_PAINT_ID;
  document.body.prepend(card);
};
const painted = () => document.getElementById(FIRST_PAINT_ID) !== null;

function View({ whole }: { whole: boolean }) {
  useFirstPaintDone(whole);
  return <p>the view</p>;
}

describe('the painted first card of login.html', () => {
  beforeEach(paintCard);
  afterEach(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
    jest.useRealTimers();
  });

  it('stays while the view waits for what it shows, and goes when the view is whole', () => {
    const { rerender } = render(<View whole={false} />);
    expect(painted()).toBe(true);
    rerender(<View whole />);
    expect(painted()).toBe(false);
    // Whole again later (say, a language change): nothing left to take away, nothing breaks.
    rerender(<View whole={false} />);
    rerender(<View whole />);
    expect(painted()).toBe(false);
  });

  it(`goes at the latest ${FIRST_PAINT_MAX_WAIT_MS} ms after the first render was asked for, whatever the page shows`, () => {
    jest.useFakeTimers();
    endFirstPaintAtTheLatest();
    jest.advanceTimersByTime(FIRST_PAINT_MAX_WAIT_MS - 1);
    expect(painted()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(painted()).toBe(false);
  });
});
