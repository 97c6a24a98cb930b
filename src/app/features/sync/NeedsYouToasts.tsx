/**
 * A conflict found while the person is elsewhere (the outbox drains in the background) shows where
 * they are: a toast naming the product, with a link to it (docs/offline.md "Conflicts"). Not when
 * they are on that product's page already (its tab shows the conflict), and not for the conflicts
 * that were there when the app started (the top bar and the sync panel list those).
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { needsYouAtom, needsYouPath, newlyWaiting } from '../../state/needs-you';
import { notifyWithLink } from '../../ui/Toasts';
import { messagesNow } from '../../i18n/language';
import { syncPanelMessages } from '../../../shared/sync-panel-messages';

export function NeedsYouToasts() {
  const items = useAtomValue(needsYouAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef<Set<string> | null>(null);
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);

  useEffect(() => {
    if (items === null) return;
    for (const item of newlyWaiting(seen.current, items)) {
      if (where.current === `/products/${item.productId}`) continue;
      const path = needsYouPath(item);
      const sync = messagesNow(messages).sync;
      const subject = item.title ? `“${item.title}”` : messagesNow(syncPanelMessages, 'syncPanel').productInSentence(item.productId);
      notifyWithLink(sync.conflictFound(subject, item.restSaved), {
        label: sync.conflictFoundOpen,
        href: path,
        open: () => void navigate(path),
      });
    }
    seen.current = new Set(items.flatMap((item) => item.entryIds));
  }, [items, navigate]);
  return null;
}
