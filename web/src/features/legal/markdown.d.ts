/** A legal page's Markdown, rendered at build time (build-tools/legal-markdown.mjs). */
declare module '*.md' {
  const document: {
    title: string;
    summary: string;
    sections: Array<{ id: string; title: string; html: string }>;
  };
  export default document;
}
