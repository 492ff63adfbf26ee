import fs from 'node:fs';
import path from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';

/**
 * Office files as pdf, for the previewer (docs/previewer.md): LibreOffice headless when the
 * server has it (DECISIONS.md), found once and remembered; otherwise `available()` is false and
 * the route says so, and the browser offers the download.
 *
 * A conversion is cached as `<sha256 of the source>.pdf` in the preview directory (under the
 * data directory, never the web root), so a file is converted once however often it is opened,
 * and the same bytes under two names once. Conversions run one at a time: soffice is heavy, and
 * two at once would share nothing but memory. Asking for a file that is being converted waits
 * for that conversion instead of starting another.
 */
export type ConvertOutcome = { ok: true; pdf: string } | { ok: false; reason: 'failed' | 'timeout' };

export interface OfficeConverter {
  /** Whether a converter runs here (asked once, then remembered). */
  available(): Promise<boolean>;
  /** The converted pdf's path for a stored file (its bytes at `source`, its extension `ext`). */
  convert(source: string, ext: string, sha256: string): Promise<ConvertOutcome>;
}

const SHA256 = /^[0-9a-f]{64}$/;
/** Each run's scratch directory, beside the cache (removed when the run ends). */
const WORK_DIR = '.work';

/** The file's sha256, streamed (a large document does not sit in memory). */
function hashOf(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function officeConverter(options: { command: string; timeoutSeconds: number; cacheDir: string }): OfficeConverter {
  let detected: Promise<boolean> | null = null;
  const running = new Map<string, Promise<ConvertOutcome>>();
  let queue: Promise<unknown> = Promise.resolve();

  const available = () =>
    (detected ??= !options.command
      ? Promise.resolve(false)
      : new Promise<boolean>((resolve) => {
          execFile(options.command, ['--version'], { timeout: 30_000 }, (error) => resolve(!error));
        }));

  /** One soffice run: its own profile directory (two runs sharing one would hand off to each other and exit). */
  function run(source: string, ext: string, key: string): Promise<ConvertOutcome> {
    return new Promise((resolve) => {
      // Under the preview directory: the data stays in the data directory, and the pdf is moved
      // into the cache by a rename on the same file system.
      fs.mkdirSync(path.join(options.cacheDir, WORK_DIR), { recursive: true });
      const work = fs.mkdtempSync(path.join(options.cacheDir, WORK_DIR, 'run-'));
      // soffice names its output after the input and detects the format by the extension.
      const input = path.join(work, `${key}.${ext}`);
      const finish = (outcome: ConvertOutcome) => {
        fs.rmSync(work, { recursive: true, force: true });
        resolve(outcome);
      };
      try {
        fs.copyFileSync(source, input);
      } catch {
        finish({ ok: false, reason: 'failed' });
        return;
      }
      const outDir = path.join(work, 'out');
      const child = spawn(
        options.command,
        ['--headless', '--norestore', '--nologo', `-env:UserInstallation=file://${path.join(work, 'profile')}`, '--convert-to', 'pdf', '--outdir', outDir, input],
        // Its own process group, so a timeout stops soffice.bin too, not only the launcher.
        { detached: true, stdio: 'ignore' },
      );
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, options.timeoutSeconds * 1000);
      child.on('error', () => {
        clearTimeout(timer);
        finish({ ok: false, reason: 'failed' });
      });
      child.on('exit', () => {
        clearTimeout(timer);
        const produced = path.join(outDir, `${key}.pdf`);
        if (timedOut) return finish({ ok: false, reason: 'timeout' });
        if (!fs.existsSync(produced) || fs.statSync(produced).size === 0) return finish({ ok: false, reason: 'failed' });
        const target = path.join(options.cacheDir, `${key}.pdf`);
        // A rename: a reader never sees half a pdf.
        fs.renameSync(produced, target);
        finish({ ok: true, pdf: target });
      });
    });
  }

  async function convert(source: string, ext: string, sha256: string): Promise<ConvertOutcome> {
    const key = SHA256.test(sha256) ? sha256 : await hashOf(source);
    const cached = path.join(options.cacheDir, `${key}.pdf`);
    if (fs.existsSync(cached)) return { ok: true, pdf: cached };
    let pending = running.get(key);
    if (!pending) {
      pending = queue.then(() => (fs.existsSync(cached) ? { ok: true as const, pdf: cached } : run(source, ext, key)));
      queue = pending.catch(() => undefined);
      running.set(key, pending);
      void pending.finally(() => running.delete(key));
    }
    return pending;
  }

  return { available, convert };
}
