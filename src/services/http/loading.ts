import { httpEvents } from './events';

/**
 * The loading overlay's counter (shell §2): every request that does not opt out adds one
 * while in flight; the overlay shows while the count is above zero.
 */
let inFlight = 0;

export const loading = {
  count: () => inFlight,
  begin(): void {
    inFlight += 1;
    httpEvents.emit('loading', inFlight);
  },
  end(): void {
    inFlight = Math.max(0, inFlight - 1);
    httpEvents.emit('loading', inFlight);
  },
  subscribe: (listener: () => void) => httpEvents.on('loading', listener),
};
