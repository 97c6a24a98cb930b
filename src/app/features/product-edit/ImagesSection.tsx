/**
 * The images section (docs/requirements.md §2): picker (multiple, images only, the camera on a tablet),
 * the chosen files with remove, per image preview / Name / Alt Image / Position / delete with a
 * confirmation, 'Image not available' without a first image, Save and Save & Exit.
 */
import { productFormMessages } from '../../../shared/product-form-messages';
import { useMessages } from '../../i18n/language';
import { Button, Card, Flex, Heading, IconButton, Select, Text, TextField } from '@radix-ui/themes';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { ProductImage } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { addImageLabel, firstImagePath, PICKABLE_IMAGE_TYPES, pickedFileProblem, positionOptions } from './image-list-rules';
import type { PickedFile } from '../../sync/app-sync';
import { useFilePreview, useImageSource } from './use-image-source';

export interface ImagesSectionProps {
  /** The note of a held-back supplier image list (docs/product-edit.md "The supplier now says"). */
  heldNote?: ReactNode;
  images: ProductImage[];
  picked: PickedFile[];
  busy: boolean;
  onPick: (files: File[]) => void;
  onRemovePicked: (id: string) => void;
  onChange: (id: string, change: { name?: string; altImage?: string }) => void;
  onMove: (id: string, position: number) => void;
  onDelete: (id: string) => void;
  onSave: (exitAfter: boolean) => void;
  onProblem: (message: string) => void;
}

function Thumbnail({ filePath, alt }: { filePath: string; alt: string }) {
  const src = useImageSource(filePath);
  return src ? <img className="edit-thumb" src={src} alt={alt} /> : <div className="edit-thumb edit-thumb-empty" aria-hidden="true" />;
}

function PickedPreview({ file }: { file: File }) {
  const src = useFilePreview(file);
  return src ? <img className="edit-thumb-small" src={src} alt="" /> : null;
}

export function ImagesSection(props: ImagesSectionProps) {
  const { images, picked, busy } = props;
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const first = firstImagePath(images);
  const words = useMessages(messages);
  const form = useMessages(productFormMessages, 'productForm').images;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const accepted: File[] = [];
    for (const file of files) {
      const problem = pickedFileProblem(file);
      if (problem) props.onProblem(problem);
      else accepted.push(file);
    }
    if (accepted.length > 0) props.onPick(accepted);
  };

  return (
    <Card className="edit-card">
      <Flex justify="between" align="center" wrap="wrap" gap="2" mb="3">
        <Heading as="h3" size="3">
          {form.heading}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button type="button" variant="soft" onClick={() => input.current?.click()}>
            {addImageLabel(picked.length, words)}
          </Button>
          <input ref={input} type="file" hidden multiple accept={PICKABLE_IMAGE_TYPES.join(',')} onChange={pick} data-testid="image-picker" />
          {/* A separate input: `capture` on the picker itself would allow only the camera on a tablet. */}
          <Button type="button" variant="soft" color="gray" onClick={() => camera.current?.click()}>
            {form.takePhoto}
          </Button>
          <input ref={camera} type="file" hidden accept="image/*" capture="environment" onChange={pick} data-testid="camera-picker" />
          <Button type="button" onClick={() => props.onSave(false)} disabled={busy}>
            {busy ? words.images.pending : words.images.save}
          </Button>
        </Flex>
      </Flex>

      {props.heldNote}

      {picked.length > 0 && (
        <ul className="edit-picked" aria-label={form.chosenFiles}>
          {picked.map(({ id, file }) => (
            <li key={id}>
              <PickedPreview file={file} />
              <Text size="2" className="edit-picked-name">
                {file.name}
              </Text>
              <Text size="1" color="gray">
                {Math.ceil(file.size / 1024)} KB
              </Text>
              <Button type="button" size="1" variant="ghost" color="red" onClick={() => props.onRemovePicked(id)} aria-label={form.removeFile(file.name)}>
                {form.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {first === null && (
        <Text as="p" color="gray" size="2" className="edit-no-image">
          {words.images.notAvailable}
        </Text>
      )}

      <ol className="edit-images" aria-label={form.productImages}>
        {images.map((image, index) => (
          <li key={image.id} className="edit-image" data-testid="product-image">
            <Thumbnail filePath={image.filePath} alt={image.altImage || image.name || form.imageN(index + 1)} />
            <Flex direction="column" gap="2" className="edit-image-fields">
              <label className="edit-inline-label">
                <Text size="1" color="gray">{form.name}</Text>
                <TextField.Root size="2" value={image.name} onChange={(e) => props.onChange(image.id, { name: e.target.value })} aria-label={form.nameOf(index + 1)} />
              </label>
              <label className="edit-inline-label">
                <Text size="1" color="gray">{form.altImage}</Text>
                <TextField.Root size="2" value={image.altImage} onChange={(e) => props.onChange(image.id, { altImage: e.target.value })} aria-label={form.altImageOf(index + 1)} />
              </label>
            </Flex>
            <Flex direction="column" gap="2" align="end">
              <Select.Root value={String(index + 1)} onValueChange={(value) => props.onMove(image.id, Number(value))}>
                <Select.Trigger aria-label={form.positionOf(index + 1)} />
                <Select.Content>
                  {positionOptions(images.length).map((position) => (
                    <Select.Item key={position} value={String(position)}>
                      {form.position(position)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
              <IconButton type="button" color="red" variant="soft" onClick={() => setDeleting(image.id)} aria-label={form.deleteImageN(index + 1)} title={form.deleteImage}>
                ✕
              </IconButton>
            </Flex>
          </li>
        ))}
      </ol>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        maxWidth="420px"
        title={words.images.confirmDeletionTitle}
        description={words.images.confirmDeletion}
        cancelLabel={words.images.cancel}
        confirmLabel={words.images.delete}
        onConfirm={() => {
          if (deleting) props.onDelete(deleting);
          setDeleting(null);
        }}
      />
    </Card>
  );
}
