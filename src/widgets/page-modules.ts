/** Every page loads the request layer's messages (error catalogue, prompts, dialogs). */
const REQUEST_MODULE = 'request';
/** The certificate dialog a 412 may ask for (RequestLayer) and its errors: on every page too. */
const CERT_MODULES = ['certselect', 'cert'];

/**
 * The locale modules a page loads before it shows: the request layer's and the page's own. Apart
 * from AppProviders so a page's entry can ask for them before React and Chakra have loaded.
 */
export const pageModules = (modules: string[]): string[] => [REQUEST_MODULE, ...CERT_MODULES, ...modules];
