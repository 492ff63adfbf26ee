import type { Compiler } from '@rspack/core';

/** Emits Chakra's global styles as a static, hashed style sheet and links it from every page. */
export declare class ChakraGlobalCssPlugin {
  apply(compiler: Compiler): void;
}
/** The style sheet's text, made from src/services/theme-system.ts. */
export declare function chakraGlobalCss(): string;
