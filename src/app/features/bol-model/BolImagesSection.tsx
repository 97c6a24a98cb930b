/**
 * The Images of the Bol form: each image with a 100 px thumbnail and a position picker that offers
 * only its own slot and the slots no other image uses (docs/requirements.md §5); images of the product not yet in
 * the model can be added to the lowest free slot.
 */
import { bolModelMessages } from '../../../shared/bol-model-messages';
import { useMessages } from '../../i18n/language';
import { Button, Flex, Select, Text } from '@radix-ui/themes';
import type { BolMedia } from '../../../shared/bol-contract';
import type { ProductImage } from '../../../shared/contract';
import { freeMediaSlots, moveMediaToSlot } from '../../../shared/rules/bol-media-slots';
import { addableImages, addMedia, removeMedia, slotLabel } from './bol-tab-rules';

/** docs/requirements.md §9: image thumbnails are 100 px. */
export const BOL_THUMBNAIL_PX = 100;

export interface BolImagesSectionProps {
  media: readonly BolMedia[];
  productImages: readonly ProductImage[];
  origin: string;
  disabled: boolean;
  onChange: (media: BolMedia[]) => void;
}

function fileName(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url);
  } catch {
    return url;
  }
}

export function BolImagesSection({ media, productImages, origin, disabled, onChange }: BolImagesSectionProps) {
  const words = useMessages(bolModelMessages, 'bolModel');
  const sorted = [...media].sort((a, b) => a.mediaId - b.mediaId);
  const addable = addableImages(productImages, media, origin);
  const full = freeMediaSlots(media, null).length === 0;

  return (
    <Flex direction="column" gap="3">
      {sorted.length === 0 && (
        <Text size="2" color="gray">
          {words.noImages}
        </Text>
      )}
      <ul className="bol-images" aria-label={words.bolImages}>
        {sorted.map((entry) => {
          const label = words.imagePosition(fileName(entry.value));
          return (
            <li key={entry.mediaId} className="bol-image" data-slot={entry.mediaId}>
              <img src={entry.value} alt="" width={BOL_THUMBNAIL_PX} height={BOL_THUMBNAIL_PX} className="bol-thumbnail" loading="lazy" />
              <Flex direction="column" gap="1" className="bol-image-details">
                <Text size="1" color="gray" className="bol-image-name" title={entry.value}>
                  {fileName(entry.value)}
                </Text>
                <Text as="label" size="1" weight="medium">
                  {words.position}
                </Text>
                <Select.Root
                  size="1"
                  value={String(entry.mediaId)}
                  disabled={disabled}
                  onValueChange={(next) => onChange(moveMediaToSlot(media, entry.mediaId, Number(next)))}
                >
                  <Select.Trigger aria-label={label} />
                  <Select.Content position="popper">
                    {freeMediaSlots(media, entry.mediaId).map((slot) => (
                      <Select.Item key={slot} value={String(slot)}>
                        {slotLabel(slot, words)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Button size="1" variant="ghost" color="red" disabled={disabled} onClick={() => onChange(removeMedia(media, entry.mediaId))}>
                  {words.remove}
                </Button>
              </Flex>
            </li>
          );
        })}
      </ul>
      {addable.length > 0 && (
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">{words.addImage}</Text>
          <Select.Root value="" disabled={disabled || full} onValueChange={(url) => onChange(addMedia(media, url))}>
            <Select.Trigger aria-label={words.addImage} placeholder={full ? words.everyPositionTaken : words.chooseImage} />
            <Select.Content position="popper">
              {addable.map((image) => (
                <Select.Item key={image.url} value={image.url}>
                  {image.name || fileName(image.url)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      )}
    </Flex>
  );
}
