export interface RenderedLegalDocument {
  title: string;
  summary: string;
  sections: Array<{ id: string; title: string; html: string }>;
}

export function renderLegalMarkdown(source: string, file?: string): RenderedLegalDocument;
export function legalMarkdownModule(source: string, file: string, format?: 'esm' | 'commonjs'): string;
