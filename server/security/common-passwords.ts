/**
 * The common-password list (ASVS 5.0 6.2.4): the 49,000-odd most common passwords shipped by
 * @zxcvbn-ts/language-common (MIT, maintained with zxcvbn-ts, compiled from leaked-password
 * frequency lists), lower-cased. Only the server loads it, so no browser bundle carries it;
 * the browser learns of a common password from the server's 1212 answer. Loaded on first use
 * (some 60 ms, once per process), not at start.
 */
let list: Promise<Set<string>> | null = null;

const load = () => (list ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'])));

/** A lookup for checkPassword's `isCommon`, ready once the list is loaded. */
export async function commonPasswordLookup(): Promise<(candidate: string) => boolean> {
  const set = await load();
  return (candidate) => set.has(candidate);
}

/** How many passwords the list holds (a test checks it is the maintained list, not a stub). */
export const commonPasswordCount = async () => (await load()).size;
