import { configure } from '@testing-library/react';

/**
 * Testing Library's findBy and waitFor give up after 1 s by default. A file's first render
 * (Chakra's system, the locale doubles, modules evaluated for the first time) took longer on a
 * loaded 2-core CI machine, running the browser tests' neighbours: cert-login's first test found
 * an empty body once. Waiting longer only changes when a real failure is reported, never whether.
 */
configure({ asyncUtilTimeout: 5_000 });
