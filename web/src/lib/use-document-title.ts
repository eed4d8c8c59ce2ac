import { useEffect } from 'react';

/** Sets the tab title for a page: "<title> · Postwright". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Postwright` : 'Postwright';
  }, [title]);
}
