/**
 * Chakra's theme modules by file (rspack.config.ts aliases `chakra-theme-parts` to its theme
 * folder): imported only to be evaluated a step ahead, so their exports are not typed here.
 */
declare module 'chakra-theme-parts/*';
