/** The loader (rspack calls it with `this.resourcePath`): the module's exports as plain data made at build time. */
declare function buildTimeDataLoader(this: { resourcePath: string; addDependency(file: string): void }): string;
export = buildTimeDataLoader;
