/** Browser side of the bench pages: when a frame has been drawn. */

/** After the next frame has been drawn: a message posted from requestAnimationFrame runs after that frame's style, layout and paint. */
export function afterNextPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}
