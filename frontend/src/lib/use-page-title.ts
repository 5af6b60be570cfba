import { useEffect } from 'react';

export const productName = 'SecretChatBox';

/** Names the page in the browser's tab and history: "<title> · SecretChatBox", or the product alone. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : `${productName} · Anonymous campus confessions`;
  }, [title]);
}
