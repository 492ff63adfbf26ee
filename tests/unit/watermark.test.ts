import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { WATERMARK, WATERMARK_REDRAW_MS } from '../../src/shared/constants';
import { mountWatermark, watermarkSvg, type WatermarkInfo } from '../../src/widgets/watermark/watermark';

const info: WatermarkInfo = { name: '系统管理员 <&>', userAccount: 'admin', time: '2026-11-24 18:00' };
const shown = () => document.querySelectorAll<HTMLElement>('[data-testid=watermark]');
/** MutationObserver callbacks run as microtasks: one turn of the event loop delivers them. */
const observed = () => new Promise<void>((resolve) => queueMicrotask(resolve));

/** Issue 15 point 7: the page-wide watermark (widgets §3 "Watermark info", §9). */
describe('watermark', () => {
  let dispose: (() => void) | null = null;
  afterEach(() => {
    dispose?.();
    dispose = null;
    jest.useRealTimers();
  });

  it('draws a 250 × 250 tile turned −30° with the name, account and time, escaped', () => {
    const svg = watermarkSvg(info);
    expect(svg).toContain(`width="${WATERMARK.tile}" height="${WATERMARK.tile}"`);
    expect(svg).toContain(`rotate(${WATERMARK.angle} ${WATERMARK.tile / 2} ${WATERMARK.tile / 2})`);
    expect(svg).toContain('系统管理员 &#60;&#38;&#62;');
    expect(svg).toContain('>admin<');
    expect(svg).toContain('>2026-11-24 18:00<');
  });

  it('covers the page without taking clicks, and comes back at once when removed or hidden', async () => {
    dispose = mountWatermark(document, () => info);
    expect(shown()).toHaveLength(1);
    const first = shown()[0]!;
    expect(first.style.position).toBe('fixed');
    expect(first.style.pointerEvents).toBe('none');
    expect(first.style.backgroundSize).toBe('250px 250px');
    expect(decodeURIComponent(first.style.backgroundImage)).toContain('admin');
    expect(first.getAttribute('aria-hidden')).toBe('true');

    first.remove();
    await observed();
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).not.toBe(first);

    shown()[0]!.style.display = 'none';
    await observed();
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!.style.display).toBe('block');

    document.body.innerHTML = '';
    await observed();
    expect(shown()).toHaveLength(1);
  });

  it('draws itself again when a stylesheet hides it, at the next check (WATERMARK_REDRAW_MS) when no observer could tell', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    dispose = mountWatermark(document, () => info, { checkMs: WATERMARK_REDRAW_MS });
    const first = shown()[0]!;
    expect(first.style.getPropertyPriority('display')).toBe('important');
    // jsdom's cascade knows no !important, so the element's style is hidden as a stylesheet
    // rule would hide it: by the computed style the browser reports, with no mutation at all.
    const computed = jest.spyOn(window, 'getComputedStyle').mockImplementation((el) => ({ display: 'block', visibility: 'visible', opacity: el === first ? '0' : '1', backgroundImage: 'url(x)' }) as CSSStyleDeclaration);
    jest.advanceTimersByTime(WATERMARK_REDRAW_MS - 1);
    expect(shown()[0]).toBe(first);
    jest.advanceTimersByTime(1);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).not.toBe(first);
    // The new drawing shows: no more redraws.
    const second = shown()[0]!;
    jest.advanceTimersByTime(WATERMARK_REDRAW_MS * 3);
    expect(shown()[0]).toBe(second);
    computed.mockRestore();
  });

  it('refreshes its time each minute, and is gone for good once disposed', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    let minute = 0;
    dispose = mountWatermark(document, () => ({ ...info, time: `18:0${minute}` }), { refreshMs: 60_000 });
    minute = 1;
    jest.advanceTimersByTime(60_000);
    expect(decodeURIComponent(shown()[0]!.style.backgroundImage)).toContain('18:01');
    dispose();
    dispose = null;
    await observed();
    expect(shown()).toHaveLength(0);
  });
});
