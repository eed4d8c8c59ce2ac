/** Types of build.js (plain JavaScript: `npm start` runs it before anything is compiled). */
export interface Entry {
  name: string;
  workspace: string;
  /** absolute path of the TypeScript entry */
  source: string;
  /** absolute path of the compiled program */
  outfile: string;
}
export declare const ROOT: string;
export declare const ENTRIES: Entry[];
export declare const NODE_FLAGS: string[];
export declare function nodeFlags(name: string): string[];
export declare function entry(name: string): Entry;
export declare function buildIfNeeded(options?: { names?: string[]; force?: boolean; log?: (message: string) => void }): string[];
export declare function nodeCommand(name: string): string[];
