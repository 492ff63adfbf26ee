import { pipeline } from 'node:stream/promises';
import type { Transform, Writable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError } from './answer';

/**
 * The multipart routes' one reading of a body (upload, import). What busboy cannot parse (no
 * boundary, no multipart inside, a body cut short before its closing boundary) or refuses (a
 * parser limit) is the caller's fault, not the server's: the route names its own refusal for it,
 * instead of the framework's 500 or its generic 1000.
 */

/** C0, DEL and C1: NUL cannot be stored, the others garble the name wherever it is shown or sent back. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/u;

/** Whether a part's file name holds a character no route takes in a name (upload 2717, import 2617). */
export const hasControlCharacter = (fileName: string): boolean => CONTROL_CHARACTER.test(fileName);

/** The refusal a route answers for the parser's failure, told which (a limit's error names itself). */
export type ParserRefusal = (error: unknown) => AppError;

/** The request's parts; the parser's failure between them becomes the route's refusal. */
export async function* formParts(parts: AsyncIterable<Multipart>, refusal: ParserRefusal): AsyncGenerator<Multipart, void, undefined> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Multipart>;
    try {
      step = await iterator.next();
    } catch (error) {
      throw error instanceof AppError ? error : refusal(error);
    }
    if (step.done) return;
    yield step.value;
  }
}

/**
 * A file part streamed through to its destination. pipeline destroys every stream with the first
 * failure, so only which stream failed first tells whose fault it was: the part's (the parser
 * gave up inside it) is the route's refusal; the destination's (a full disk) stays a server fault.
 */
export async function pipePart(part: MultipartFile, streams: ReadonlyArray<Transform | Writable>, refusal: ParserRefusal): Promise<void> {
  // The parser may have given up while the route was still checking the part (its database calls).
  let partFailedFirst: boolean | undefined = part.file.errored ? true : undefined;
  part.file.once('error', () => (partFailedFirst ??= true));
  for (const stream of streams) stream.once('error', () => (partFailedFirst ??= false));
  try {
    await pipeline([part.file, ...streams]);
  } catch (error) {
    // pipeline rejects once it has destroyed the streams, not once they are closed: a file's write
    // stream still opening would create the file after its caller removed it.
    await Promise.all(streams.map((stream) => stream.closed || new Promise((closed) => stream.once('close', closed))));
    throw partFailedFirst && !(error instanceof AppError) ? refusal(error) : error;
  }
}
