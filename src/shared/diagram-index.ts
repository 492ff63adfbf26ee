/**
 * The generated diagrams' index (docs/diagrams/index.json): written by scripts/diagrams,
 * read by the app's #/diagrams page and the inspector. One shape for both sides.
 */
export interface DiagramIndexEntry {
  id: string;
  file: string;
  export: string;
  svg: string;
  mermaid: string;
  states: Array<{ id: string; path: string[]; type: string; tags: string[]; invokes: string[] }>;
  events: string[];
  guards: string[];
  delays: Array<{ name: string; ms?: number }>;
  actors: string[];
  actions: string[];
  transitions: Array<{ id: string; source: string; label: string; targets: string[] }>;
}
