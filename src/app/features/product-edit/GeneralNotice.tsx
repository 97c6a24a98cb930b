/** The General tab's notice (docs/product-edit.md): a refusal, "saved on this device", a failure, or the members an inheritance changed. */
import { Callout } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import type { EditNotice } from '../../edit/edit-outcome';

export function GeneralNotice({ notice }: { notice: EditNotice | null }) {
  if (!notice) return null;
  switch (notice.tone) {
    case 'amber':
      return (
        <Callout.Root color="amber" data-testid="save-queued">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      );
    case 'red':
      return (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{notice.text}</Callout.Text>
        </Callout.Root>
      );
    case 'green':
      return (
        <Callout.Root color="green" data-testid="inherited-members">
          <Callout.Text>
            {notice.text}
            {(notice.links ?? []).map((link, index) => (
              <span key={link.to}>
                {index > 0 && ', '}
                <Link to={link.to}>{link.label}</Link>
              </span>
            ))}
          </Callout.Text>
        </Callout.Root>
      );
  }
}
