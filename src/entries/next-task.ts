/**
 * Resolves in a new task of the event loop (a message, which unlike setTimeout is never clamped),
 * so what a page's start does after it is not part of the task before. A page starts in a few
 * such steps, each under Lighthouse's 50 ms long-task bound at its 4× CPU slowdown where it can
 * be, rather than in one long task that blocks input (total blocking time, issue 16).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
