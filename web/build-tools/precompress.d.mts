export declare const PRECOMPRESS_MIN_BYTES: number;
export declare function precompress(dir: string): Array<{ file: string; bytes: number; of: number }>;
