import { Required, Type, endpoint } from './define';

/** Dictionaries and constants, grouped as the spec's callers expect (shell §7). */
export const DictionaryOption = Type.Object({ value: Type.String(), text: Type.String() });
const Options = Type.Record(Type.String(), Type.Array(DictionaryOption));
const Groups = Type.Object({ dictionary: Options, constant: Options, custom: Options });
/** Ours: the most dictionary codes one query names (a table of a family's dictionaries asks in groups of it). */
export const DICTIONARY_CODES_MAX = 200;
/** The body is a bare list of dictionary codes. */
const Codes = Type.Array(Required(64), { maxItems: DICTIONARY_CODES_MAX });

export const dictionary = {
  query: endpoint({ path: '/api/fsmc/common/query/dictionary', summary: 'Options of the given dictionary codes, texts in the caller’s language.', body: Codes, data: Groups }),
  constants: endpoint({ path: '/api/fsmc/common/query/constant/class/value', summary: 'The same, for constant classes.', body: Codes, data: Groups }),
};
