/** Copies a value; says 'Copied' beside the button for 2 s and toasts for 3 s (docs/requirements.md §9). */
import { Button } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import { notify, notifyDone } from '../../ui/notify';
import { browserClipboard, copyToClipboard } from './clipboard';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { productFormMessages } from '../../../shared/product-form-messages';
import { useMessages } from '../../i18n/language';

const COPIED_NOTICE_MS = 2_000;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const words = useMessages(productFormMessages, 'productForm');
  const editWords = useMessages(productEditMessages, 'productEdit');
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const result = await copyToClipboard(value, browserClipboard, editWords);
    // A copy that worked is not an error: no red cross (docs/ui-touch.md).
    (result.ok ? notifyDone : notify)(result.message, TOAST_DURATION_MS.copy);
    setCopied(result.ok);
  };

  return (
    <Button type="button" size="1" variant="soft" onClick={() => void copy()} disabled={value === ''} aria-label={label} title={label}>
      {copied ? words.copiedButton : words.copyButton}
    </Button>
  );
}
