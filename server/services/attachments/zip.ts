import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * Several stored files as one zip, written as it is read (docs/attachments.md, "Bulk
 * download"): each file is streamed in stored (not deflated) entries, and reading waits while
 * the reply's buffer is full, so memory stays flat however large the files are. Names that
 * repeat get " (2)", " (3)" before the extension.
 */
export function zipStream(files: Array<{ path: string; name: string }>): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const names = uniqueNames(files.map((f) => f.name));
  void (async () => {
    try {
      for (const [i, file] of files.entries()) {
        const entry = new ZipPassThrough(names[i]!);
        zip.add(entry);
        for await (const chunk of fs.createReadStream(file.path)) {
          entry.push(chunk as Uint8Array);
          // A reader that went away closes the stream: stop reading then, not wait for a drain.
          if (out.writableNeedDrain) await new Promise((resume) => { out.once('drain', resume); out.once('close', resume); });
          if (out.destroyed) return;
        }
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}
