/**
 * "The supplier now says: …" under a field whose supplier feed value was held back because a person
 * changed the field (docs/product-edit.md "The supplier now says"): under a form field, under the
 * category, or at the Images section (with the supplier's images, named, as thumbnails). "Take the
 * supplier's" puts the value in the form (the category and the image list: saves it through the
 * outbox); "Keep mine" ends the hold through the outbox, also offline. Renders only: held-back-rules.ts decides.
 */
import { Button, Flex, Text } from '@radix-ui/themes';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { useMessages } from '../../i18n/language';
import type { HeldImage } from './held-back-rules';

export interface HeldBackNoteProps {
  field: string;
  says: string;
  /** The supplier's images (the image-list note). */
  images?: readonly HeldImage[];
  /** The form holds the supplier's value already (a form field's note). */
  taken?: boolean;
  /** "Take the supplier's". */
  onTake?: () => void;
  /** The take is being queued: the button shows it. */
  taking?: boolean;
  onKeepMine: () => void;
}

export function HeldBackNote({ field, says, images, taken = false, onTake, taking = false, onKeepMine }: HeldBackNoteProps) {
  const words = useMessages(productEditMessages, 'productEdit');
  return (
    <div className="held-back-note" data-testid={`held-back-${field}`} role="note">
      <Text as="div" size="2">
        {says}
      </Text>
      {images && images.length > 0 && (
        <ul className="held-back-images" aria-label={words.supplierImages}>
          {images.map((image) => (
            <li key={image.address}>
              <img src={image.address} alt="" loading="lazy" onError={(event) => event.currentTarget.classList.add('held-back-thumb-missing')} />
              <Text size="1">{image.name}</Text>
            </li>
          ))}
        </ul>
      )}
      {taken ? (
        <Text as="div" size="1" color="gray">
          {words.supplierTaken}
        </Text>
      ) : (
        <Flex gap="2" wrap="wrap">
          {onTake && (
            <Button type="button" size="2" variant="soft" onClick={onTake} loading={taking} aria-busy={taking}>
              {words.takeSupplier}
            </Button>
          )}
          <Button type="button" size="2" variant="soft" color="gray" onClick={onKeepMine} disabled={taking}>
            {words.keepMine}
          </Button>
        </Flex>
      )}
    </div>
  );
}
